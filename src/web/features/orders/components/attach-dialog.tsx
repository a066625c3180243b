import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DOCUMENT_ACCEPT, DOCUMENT_REFUSAL_KEYS } from '../../../../contracts/documents';
import type { Order } from '../../../../contracts/orders';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { errorText } from '../../../lib/error-text';
import { precheckFile } from '../../../lib/files/file-facts';
import { useAttach } from '../api/orders';
import { orderName } from '../lib/words';

// A document for an imaging report or a referral's reply (the film's report, the consultant's
// letter). The file is checked here by the server's own rules first, so a wrong one is said at once.

export function AttachDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const catalogue = useClinicalCatalogue();
  const ids = { file: useId(), hint: useId(), error: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const mutation = useAttach();

  const choose = async (chosen: File | null) => {
    setFailure(null);
    setFile(null);
    setFileError(null);
    if (!chosen) return;
    const refusal = await precheckFile(chosen);
    if (refusal) setFileError(t(`validation:${DOCUMENT_REFUSAL_KEYS[refusal]}`));
    else setFile(chosen);
  };

  const submit = async () => {
    if (!file) {
      setFileError(t(`validation:${DOCUMENT_REFUSAL_KEYS['file-required']}`));
      return;
    }
    try {
      await mutation.mutateAsync({ id: order.id, file });
      toast.success(t('attach.saved'));
      onClose();
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <Dialog open onClose={onClose} title={t('attach.title', { order: orderName(order, t, catalogue) })} testId="attach-dialog">
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.file} className="text-sm font-medium">
            {t('attach.file')}
          </label>
          <p id={ids.hint} className="text-xs text-slate-600 dark:text-slate-400">
            {t('attach.hint')}
          </p>
          <input
            id={ids.file}
            type="file"
            accept={DOCUMENT_ACCEPT}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={[ids.hint, fileError ? ids.error : null].filter(Boolean).join(' ')}
            onChange={(event) => void choose(event.target.files?.[0] ?? null)}
            className="block w-full min-w-0 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white"
          />
          {fileError ? (
            <p id={ids.error} role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="attach-file-error">
              {fileError}
            </p>
          ) : null}
        </div>
        {failure ? <FormAlert testId="attach-error">{errorText(t, failure, t('attach.failed'))}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('close')}
          </Button>
          <Button onClick={() => void submit()} disabled={mutation.isPending} data-testid="attach-submit">
            {mutation.isPending ? t('saving') : t('attach.submit')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Medication } from '../../../../contracts/medications';
import { REFILL_NOTE_MAX } from '../../../../contracts/refill-requests';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert, inputClasses } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useRequestRefill } from '../api/refill-requests';

/** The server's refusal codes (contracts `refillRequestsApi`): an open request is the route's one CONFLICT. */
const REFUSALS: Record<string, string> = {
  CONFLICT: 'alreadyRequested',
  REFILL_DISCONTINUED: 'discontinued',
  REFILL_NO_PRESCRIBER: 'noPrescriber',
};

/** Why a request was refused, by the server's code, or a failure. */
function failureKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return `refill.refused.${(error.code && REFUSALS[error.code]) ?? 'other'}`;
  if (error instanceof ApiError && error.status === 404) return 'refill.refused.notFound';
  return 'refill.failed';
}

/** Issue 7 item 5: asks the prescriber for a refill of one medication, with an optional note. */
export function RefillDialog({ medication, patientId, onClose }: { medication: Medication; patientId: string; onClose: () => void }) {
  const { t } = useTranslation('medications');
  const noteId = useId();
  const hintId = useId();
  const [note, setNote] = useState('');
  const mutation = useRequestRefill(patientId);
  const tooLong = note.trim().length > REFILL_NOTE_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong || mutation.isPending) return;
    mutation.mutate(
      { medicationId: medication.id, note },
      {
        onSuccess: () => {
          toast.success(t('refill.sent.title'), {
            description: t('refill.sent.body', { name: medication.name, prescriber: medication.prescribedBy ?? '' }),
          });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('refill.title', { name: medication.name })}
      description={t('refill.description', { prescriber: medication.prescribedBy ?? '' })}
      testId="refill-dialog"
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-1">
          <label htmlFor={noteId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('refill.noteLabel')}
          </label>
          <textarea
            id={noteId}
            name="note"
            rows={3}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-describedby={hintId}
            aria-invalid={tooLong ? true : undefined}
            className={inputClasses(tooLong)}
          />
          <p id={hintId} className={`text-xs ${tooLong ? 'text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}>
            {tooLong ? t('refill.noteTooLong', { max: REFILL_NOTE_MAX }) : t('refill.noteHint', { max: REFILL_NOTE_MAX })}
          </p>
        </div>
        {mutation.isError ? <FormAlert testId="refill-error">{t(failureKey(mutation.error))}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('refill.cancel')}
          </Button>
          <Button type="submit" disabled={mutation.isPending || tooLong}>
            {mutation.isPending ? t('refill.sending') : t('refill.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

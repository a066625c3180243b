import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { REFILL_REASON_MAX, type PendingRefill, type RefillDecision } from '../../../../contracts/refill-requests';
import { TextareaInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { useDecideRefill } from '../api/prescribing';

const denySchema = z.object({ reason: z.string().trim().min(1, 'required').max(REFILL_REASON_MAX, 'text.tooLong') });
const approveSchema = z.object({ reason: z.string() });

/** Approve (one click to confirm) or deny with a reason the patient reads. */
export function DecideRefillDialog({
  request,
  decision,
  onClose,
}: {
  request: PendingRefill;
  decision: RefillDecision;
  onClose: () => void;
}) {
  const { t } = useTranslation('prescribing');
  const catalogue = useClinicalCatalogue();
  const nameOf = usePersonName();
  const [failure, setFailure] = useState<unknown>(null);
  const mutation = useDecideRefill();
  const form = useSchemaForm({ schema: decision === 'deny' ? denySchema : approveSchema, defaultValues: { reason: '' } });
  const names = { medication: catalogue.drug({ ...request, name: request.medicationName }), patient: nameOf(request.patient) };

  const onSubmit = async ({ reason }: { reason: string }) => {
    setFailure(null);
    await mutation.mutateAsync({ id: request.id, decision, ...(decision === 'deny' ? { reason } : {}) });
    toast.success(t(decision === 'approve' ? 'refills.approved' : 'refills.denied', names));
    onClose();
  };

  return (
    <Dialog open onClose={onClose} title={t(`refills.${decision}Title`, names)} testId="decide-refill-dialog">
      <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="flex flex-col gap-4">
        {decision === 'deny' ? (
          <TextareaInput name="reason" rows={3} label={t('refills.reasonLabel')} description={t('refills.reasonHint')} />
        ) : (
          <p className="text-sm">{t('refills.approveBody', names)}</p>
        )}
        {failure ? <FormAlert testId="decide-refill-error">{errorText(t, failure, t('refills.failed'))}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <FormButton onClick={onClose}>{t('cancel')}</FormButton>
          <SubmitButton pending={t('saving')} testId="decide-refill-submit">
            {t(`refills.${decision}`)}
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

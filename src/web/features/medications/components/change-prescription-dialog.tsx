import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { PRESCRIPTION_TEXT_MAX, type Prescription } from '../../../../contracts/prescribing';
import { TextareaInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { useDiscontinue, usePrescriptionCheck, useRenew } from '../api/prescribing';
import { PrescriptionWarnings } from './prescription-warnings';
import { drugForName } from '../../../../contracts/drug-catalogue';

const discontinueSchema = z.object({ reason: z.string().trim().min(1, 'required').max(PRESCRIPTION_TEXT_MAX.reason, 'text.tooLong') });
const renewSchema = z.object({ reason: z.string().trim().max(PRESCRIPTION_TEXT_MAX.reason, 'text.tooLong') });

/** Stop a prescription (with a reason) or renew it from today (with the checks' warnings and a reason to go on). */
export function ChangePrescriptionDialog({
  prescription,
  change,
  onClose,
}: {
  prescription: Prescription;
  change: 'discontinue' | 'renew';
  onClose: () => void;
}) {
  const { t } = useTranslation('prescribing');
  const catalogue = useClinicalCatalogue();
  const nameOf = usePersonName();
  const [failure, setFailure] = useState<unknown>(null);
  const discontinue = useDiscontinue();
  const renew = useRenew();
  const form = useSchemaForm({ schema: change === 'discontinue' ? discontinueSchema : renewSchema, defaultValues: { reason: '' } });
  const drugCode = prescription.drugCode ?? drugForName(prescription.name);
  const check = usePrescriptionCheck(
    change === 'renew'
      ? {
          patientId: prescription.patientId,
          renewsMedicationId: prescription.id,
          ...(drugCode ? { drugCode } : { drugName: prescription.name }),
        }
      : null,
  );
  const warnings = check.data ?? [];
  const refused = failure instanceof ApiError && failure.code === 'PRESCRIPTION_OVERRIDE_REQUIRED';
  const names = { name: catalogue.drug(prescription), patient: nameOf(prescription.patient) };

  const onSubmit = async ({ reason }: { reason: string }) => {
    setFailure(null);
    if (change === 'discontinue') await discontinue.mutateAsync({ id: prescription.id, reason });
    else await renew.mutateAsync({ id: prescription.id, ...(reason ? { overrideReason: reason } : {}) });
    toast.success(t(change === 'discontinue' ? 'list.discontinued' : 'list.renewed', names));
    onClose();
  };

  return (
    <Dialog open onClose={onClose} title={t(`list.${change}Title`, names)} testId="change-prescription-dialog">
      <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="flex flex-col gap-4">
        {change === 'discontinue' ? (
          <TextareaInput name="reason" rows={3} label={t('list.discontinueReason')} />
        ) : (
          <>
            <p className="text-sm">{t('list.renewBody', names)}</p>
            <PrescriptionWarnings warnings={warnings} />
            {warnings.length > 0 || refused ? (
              <TextareaInput
                name="reason"
                rows={2}
                label={t('form.overrideReason')}
                description={t('form.overrideHint')}
                liveError={refused ? t('form.overrideRequired') : undefined}
              />
            ) : null}
          </>
        )}
        {failure && !refused ? <FormAlert testId="change-prescription-error">{errorText(t, failure, t('list.failed'))}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <FormButton onClick={onClose}>{t('cancel')}</FormButton>
          <SubmitButton pending={t('saving')} testId="change-prescription-submit">
            {t(`list.${change}`)}
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Medication } from '../../../../contracts/medications';
import { createRefillRequestSchema, REFILL_NOTE_MAX, type CreateRefillRequest } from '../../../../contracts/refill-requests';
import { TextareaInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useRequestRefill } from '../api/refill-requests';
import { useDoctorName } from '../../../lib/person-name';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';

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

/** Asks the prescriber for a refill of one medication, with an optional note. */
export function RefillDialog({ medication, patientId, onClose }: { medication: Medication; patientId: string; onClose: () => void }) {
  const { t } = useTranslation('medications');
  const doctorName = useDoctorName();
  const catalogue = useClinicalCatalogue();
  const drug = catalogue.drug(medication);
  const prescriber = medication.prescriber ? doctorName(medication.prescriber) : '';
  const [failure, setFailure] = useState<unknown>(null);
  const mutation = useRequestRefill(patientId);
  const form = useSchemaForm({ schema: createRefillRequestSchema, defaultValues: { note: '' } });

  const onSubmit = async ({ note }: CreateRefillRequest) => {
    setFailure(null);
    await mutation.mutateAsync({ medicationId: medication.id, note: note ?? '' });
    toast.success(t('refill.sent.title'), {
      description: t('refill.sent.body', { name: drug, prescriber }),
    });
    onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('refill.title', { name: drug })}
      description={t('refill.description', { prescriber })}
      testId="refill-dialog"
    >
      <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="flex flex-col gap-4">
        <NoteField />
        {failure ? <FormAlert testId="refill-error">{t(failureKey(failure))}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('refill.cancel')}
          </Button>
          <SendButton />
        </div>
      </Form>
    </Dialog>
  );
}

/** The note says it is too long while it is typed, and the request waits for a shorter one. */
function useNoteTooLong(): boolean {
  const note = useWatch<CreateRefillRequest, 'note'>({ name: 'note' }) ?? '';
  return note.trim().length > REFILL_NOTE_MAX;
}

function NoteField() {
  const { t } = useTranslation('medications');
  const tooLong = useNoteTooLong();
  return (
    <TextareaInput
      name="note"
      rows={3}
      label={t('refill.noteLabel')}
      description={t('refill.noteHint', { max: REFILL_NOTE_MAX })}
      liveError={tooLong ? t('refill.noteTooLong', { max: REFILL_NOTE_MAX }) : undefined}
    />
  );
}

function SendButton() {
  const { t } = useTranslation('medications');
  const tooLong = useNoteTooLong();
  return (
    <SubmitButton pending={t('refill.sending')} disabled={tooLong}>
      {t('refill.submit')}
    </SubmitButton>
  );
}

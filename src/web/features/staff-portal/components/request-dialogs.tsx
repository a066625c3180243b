import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import type { Appointment } from '../../../../contracts/appointments';
import { appointmentDateSchema } from '../../../../contracts/dates';
import { FRONT_DESK } from '../../../../contracts/front-desk';
import { DateInput, RadioGroupInput, TextareaInput, TextInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { useApproveRequest, useDeclineRequest } from '../api/staff-portal';
import { useDeskFormat } from '../lib/use-desk-format';

// Answering a patient's appointment request: approve it as asked or at another free time of the
// same doctor (a day and time on the clinic's clock), or decline it with a reason the patient
// reads. The server decides again (a taken time, a request someone else already answered); its
// refusal is said in words beside the form.

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const approveSchema = z.object({ when: z.enum(['asked', 'other']), date: z.string(), time: z.string() }).superRefine((form, ctx) => {
  if (form.when !== 'other') return;
  const date = appointmentDateSchema().safeParse(form.date);
  if (!date.success) ctx.addIssue({ code: 'custom', message: date.error.issues[0]?.message ?? 'date.invalid', path: ['date'] });
  if (!TIME.test(form.time)) ctx.addIssue({ code: 'custom', message: 'choice.invalid', path: ['time'] });
});
type ApproveForm = z.input<typeof approveSchema>;

const declineSchema = z.object({
  reason: z.string().trim().min(1, 'text.required').max(FRONT_DESK.declineReasonMaxLength, 'text.tooLong'),
});

export function ApproveRequestDialog({
  request,
  clinicTimeZone,
  canMove,
  onClose,
}: {
  request: Appointment;
  clinicTimeZone: string;
  canMove: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('staff-portal');
  const nameOf = usePersonName();
  const format = useDeskFormat(clinicTimeZone);
  const approve = useApproveRequest();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useSchemaForm<ApproveForm>({
    schema: approveSchema,
    defaultValues: { when: 'asked', date: format.date(request.startsAt), time: format.clockTime(request.startsAt) },
  });
  const when = form.watch('when');
  const name = nameOf(request.patient);

  const onSubmit = async (values: ApproveForm) => {
    setFailure(null);
    const move = values.when === 'other' ? { date: values.date, time: values.time, timeZone: clinicTimeZone } : undefined;
    await approve.mutateAsync({ id: request.id, body: move ? { move } : {} });
    toast.success(t('requests.approved', { name }));
    onClose();
  };

  return (
    <Dialog open onClose={onClose} title={t('requests.approveTitle', { name })} testId="approve-request-dialog">
      <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="flex flex-col gap-4">
        <p className="text-sm">{t('requests.asked', { doctor: nameOf(request.doctor), when: format.dateTime(request.startsAt) })}</p>
        {canMove ? (
          <RadioGroupInput
            name="when"
            label={t('requests.whenLabel')}
            options={[
              { value: 'asked', label: t('requests.keepTime') },
              { value: 'other', label: t('requests.otherTime') },
            ]}
          />
        ) : null}
        {when === 'other' ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <DateInput name="date" label={t('requests.date')} />
            <TextInput
              name="time"
              type="time"
              label={t('requests.time')}
              description={t('requests.clinicClock', { zone: clinicTimeZone })}
            />
          </div>
        ) : null}
        {failure ? <FormAlert testId="approve-request-error">{errorText(t, failure, t('requests.failed'))}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <FormButton onClick={onClose}>{t('cancel')}</FormButton>
          <SubmitButton pending={t('saving')} testId="approve-request-submit">
            {t('requests.approve')}
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

export function DeclineRequestDialog({ request, onClose }: { request: Appointment; onClose: () => void }) {
  const { t } = useTranslation('staff-portal');
  const nameOf = usePersonName();
  const decline = useDeclineRequest();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useSchemaForm({ schema: declineSchema, defaultValues: { reason: '' } });
  const name = nameOf(request.patient);

  const onSubmit = async ({ reason }: { reason: string }) => {
    setFailure(null);
    await decline.mutateAsync({ id: request.id, reason });
    toast.success(t('requests.declined', { name }));
    onClose();
  };

  return (
    <Dialog open onClose={onClose} title={t('requests.declineTitle', { name })} testId="decline-request-dialog">
      <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="flex flex-col gap-4">
        <TextareaInput name="reason" rows={3} label={t('requests.reasonLabel')} description={t('requests.reasonHint')} />
        {failure ? <FormAlert testId="decline-request-error">{errorText(t, failure, t('requests.failed'))}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <FormButton onClick={onClose}>{t('cancel')}</FormButton>
          <SubmitButton pending={t('saving')} testId="decline-request-submit">
            {t('requests.decline')}
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

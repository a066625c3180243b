import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import type { Appointment } from '../../../../contracts/appointments';
import { SlotPicker, type PickedSlot } from '../../../components/booking/slot-picker';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { fieldErrorText } from '../../../lib/forms/field-error-text';
import { usePersonName } from '../../../lib/person-name';
import { useRescheduleOnBehalf } from '../api/staff-portal';
import { useDeskFormat } from '../lib/use-desk-format';

// Moving an appointment on the patient's behalf: another free time of the same doctor, on the
// clinic's clock. The desk is not held to the patient's cut-off (the server's rule), but the slot
// rules hold; a time someone else just took is dropped and the free times asked again.

const rescheduleSchema = z
  .object({ slot: z.object({ startsAt: z.string(), date: z.string(), time: z.string() }).nullable() })
  .superRefine((form, ctx) => {
    if (form.slot === null) ctx.addIssue({ code: 'custom', message: 'slot.required', path: ['slot'] });
  });
type RescheduleForm = z.input<typeof rescheduleSchema>;

type Movable = Pick<Appointment, 'id' | 'doctorId' | 'startsAt' | 'patient' | 'doctor'>;

export function RescheduleDialog({
  appointment,
  clinicTimeZone,
  onClose,
  onMoved,
}: {
  appointment: Movable;
  clinicTimeZone: string;
  onClose: () => void;
  onMoved?: (moved: Appointment) => void;
}) {
  const { t } = useTranslation(['staff-portal', 'booking']);
  const nameOf = usePersonName();
  const format = useDeskFormat(clinicTimeZone);
  const reschedule = useRescheduleOnBehalf();
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useSchemaForm<RescheduleForm>({
    schema: rescheduleSchema,
    defaultValues: { slot: null },
    serverField: (path) => (path === 'date' || path === 'time' ? 'slot' : path),
  });
  const slot = useWatch({ control: form.control, name: 'slot' });
  const name = nameOf(appointment.patient);

  const send = async (values: RescheduleForm) => {
    setFailure(null);
    if (!values.slot) return;
    const moved = await reschedule.mutateAsync({
      id: appointment.id,
      date: values.slot.date,
      time: values.slot.time,
      timeZone: clinicTimeZone,
    });
    toast.success(t('reschedule.done', { name, when: format.dateTime(moved.startsAt) }));
    if (onMoved) onMoved(moved);
    else onClose();
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'SLOT_TAKEN') {
      form.setValue('slot', null);
      setFailure(t('booking:book.slotTaken'));
    } else {
      setFailure(errorText(t, error, t('reschedule.failed')));
    }
    alertRef.current?.focus();
  };

  return (
    <Dialog open onClose={onClose} title={t('reschedule.title', { name })} size="lg" testId="desk-reschedule-dialog">
      <Form form={form} onSubmit={send} onFailure={failed} onInvalid={() => setFailure(null)} className="flex flex-col gap-4">
        <p className="text-sm">
          {t('reschedule.now', { doctor: nameOf(appointment.doctor), when: format.dateTime(appointment.startsAt) })}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('requests.clinicClock', { zone: clinicTimeZone })}</p>
        <SlotPicker
          doctorId={appointment.doctorId}
          timeZone={clinicTimeZone}
          value={slot}
          onChange={(picked: PickedSlot | null) => {
            form.clearErrors('slot');
            form.setValue('slot', picked, { shouldDirty: true });
          }}
          error={fieldErrorText(t, form.formState.errors.slot?.message)}
          name="desk-reschedule"
        />
        <div ref={alertRef} tabIndex={-1} className="outline-none">
          {failure ? <FormAlert testId="desk-reschedule-error">{failure}</FormAlert> : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <FormButton onClick={onClose}>{t('day.keep')}</FormButton>
          <SubmitButton pending={t('saving')} testId="desk-reschedule-submit">
            {t('reschedule.submit')}
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

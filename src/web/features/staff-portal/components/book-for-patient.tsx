import { useQuery } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { APPOINTMENT_TYPES, type Appointment } from '../../../../contracts/appointments';
import { BOOKING, checkParkingForm, parkingFormFields } from '../../../../contracts/booking';
import { NO_PARKING, ParkingFields, parkingWindowAround } from '../../../components/booking/parking-fields';
import { SlotPicker, type PickedSlot } from '../../../components/booking/slot-picker';
import { PatientSelect } from '../../../components/clinical/patient-select';
import { RadioGroupInput, SelectInput, TextareaInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm, type PlacedError } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { InlineLoading, QueryError } from '../../../components/ui/query-states';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { fieldErrorText } from '../../../lib/forms/field-error-text';
import { usePersonName } from '../../../lib/person-name';
import { deskDoctorsQuery, useBookOnBehalf } from '../api/staff-portal';
import { useDeskFormat } from '../lib/use-desk-format';
import { RescheduleDialog } from './reschedule-dialog';

// Booking on a patient's behalf at the desk (on the phone or at the counter): the patient (found by
// name, record number or date of birth), the doctor, the kind of visit, the reason and one of the
// doctor's free times on the clinic's clock, and parking for a visit in person, as the patient's own
// booking offers it. The server applies the patient's own booking rules;
// a refusal is said in words and everything typed stays. Once booked, the desk may still move it
// (the patient often asks for another time straight away).

export const deskBookingSchema = z
  .object({
    patientId: z.string().min(1, 'patient.required').pipe(z.uuid('choice.invalid')),
    doctorId: z.string().min(1, 'doctor.required').pipe(z.uuid('choice.invalid')),
    type: z.enum(APPOINTMENT_TYPES, 'choice.invalid'),
    reason: z.string().trim().min(1, 'reason.required').max(BOOKING.reasonMaxLength, 'text.tooLong'),
    slot: z.object({ startsAt: z.string(), date: z.string(), time: z.string() }).nullable(),
    ...parkingFormFields,
  })
  .superRefine((form, ctx) => {
    if (form.slot === null) ctx.addIssue({ code: 'custom', message: 'slot.required', path: ['slot'] });
    checkParkingForm(form, ctx);
  });
type DeskBookingForm = z.input<typeof deskBookingSchema>;
type DeskBookingValues = z.output<typeof deskBookingSchema>;

/** A server error about the day or the time belongs to the free time picked. */
const serverField = (path: string) => (path === 'date' || path === 'time' ? 'slot' : path);

/** The "Book for a patient" action and its dialog; shown only to those who may book (appointments.create). */
export function BookForPatient({ clinicTimeZone, mayReschedule }: { clinicTimeZone: string; mayReschedule: boolean }) {
  const { t } = useTranslation('staff-portal');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="book-for-patient">
        <CalendarPlus className="size-4" aria-hidden="true" />
        {t('book.open')}
      </Button>
      {open ? <BookForPatientDialog clinicTimeZone={clinicTimeZone} mayReschedule={mayReschedule} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

export function BookForPatientDialog({
  clinicTimeZone,
  mayReschedule,
  onClose,
}: {
  clinicTimeZone: string;
  mayReschedule: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('staff-portal');
  const [booked, setBooked] = useState<Appointment | null>(null);
  const [moving, setMoving] = useState(false);

  if (booked && moving) {
    return (
      <RescheduleDialog
        appointment={booked}
        clinicTimeZone={clinicTimeZone}
        onClose={() => setMoving(false)}
        onMoved={(moved) => {
          setBooked(moved);
          setMoving(false);
        }}
      />
    );
  }
  return (
    <Dialog open onClose={onClose} title={t('book.title')} size="lg" testId="book-for-patient-dialog">
      {booked ? (
        <Booked
          appointment={booked}
          clinicTimeZone={clinicTimeZone}
          mayReschedule={mayReschedule}
          onMove={() => setMoving(true)}
          onClose={onClose}
        />
      ) : (
        <DeskBookingForm clinicTimeZone={clinicTimeZone} onBooked={setBooked} onClose={onClose} />
      )}
    </Dialog>
  );
}

function Booked({
  appointment,
  clinicTimeZone,
  mayReschedule,
  onMove,
  onClose,
}: {
  appointment: Appointment;
  clinicTimeZone: string;
  mayReschedule: boolean;
  onMove: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['staff-portal', 'booking']);
  const nameOf = usePersonName();
  const format = useDeskFormat(clinicTimeZone);
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-sm" data-testid="desk-booked">
        {t('book.booked', {
          name: nameOf(appointment.patient),
          doctor: nameOf(appointment.doctor),
          when: format.dateTime(appointment.startsAt),
        })}
      </p>
      {appointment.parkingReservation?.status === 'reserved' ? (
        <p className="text-sm" data-testid="desk-booked-parking">
          {t('booking:parking.details', {
            plate: appointment.parkingReservation.licensePlate,
            arrival: format.time(appointment.parkingReservation.arrivalTime),
            departure: format.time(appointment.parkingReservation.departureTime),
          })}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {mayReschedule ? (
          <Button variant="secondary" onClick={onMove} data-testid="desk-booked-move">
            {t('book.move')}
          </Button>
        ) : null}
        <Button onClick={onClose} data-testid="desk-booked-done">
          {t('book.done')}
        </Button>
      </div>
    </div>
  );
}

function DeskBookingForm({
  clinicTimeZone,
  onBooked,
  onClose,
}: {
  clinicTimeZone: string;
  onBooked: (appointment: Appointment) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['staff-portal', 'booking']);
  const nameOf = usePersonName();
  const doctors = useQuery(deskDoctorsQuery());
  const book = useBookOnBehalf();
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useSchemaForm<DeskBookingForm, DeskBookingValues>({
    schema: deskBookingSchema,
    defaultValues: { patientId: '', doctorId: '', type: 'in-person', reason: '', slot: null, ...NO_PARKING },
    serverField,
  });
  const { control, setValue, getValues, clearErrors } = form;
  const [doctorId, type, slot] = useWatch({ control, name: ['doctorId', 'type', 'slot'] });
  const doctor = doctors.data?.find((d) => d.id === doctorId);
  const videoOffered = doctor?.telemedicineEnabled ?? true;

  const chooseDoctor = (id: string) => {
    setValue('slot', null);
    const next = doctors.data?.find((d) => d.id === id);
    if (next && !next.telemedicineEnabled) setValue('type', 'in-person');
  };
  const chooseSlot = (picked: PickedSlot | null) => {
    clearErrors('slot');
    setValue('slot', picked, { shouldDirty: true });
    // A parking window around the chosen time, which the desk may change.
    if (picked && !getValues('parking.arrivalTime') && !getValues('parking.departureTime')) {
      const window = parkingWindowAround(picked.time);
      setValue('parking.arrivalTime', window.arrivalTime);
      setValue('parking.departureTime', window.departureTime);
    }
  };

  const send = async (values: DeskBookingValues) => {
    setFailure(null);
    if (!values.slot) return;
    const created = await book.mutateAsync({
      patientId: values.patientId,
      doctorId: values.doctorId,
      date: values.slot.date,
      time: values.slot.time,
      timeZone: clinicTimeZone,
      type: values.type,
      reason: values.reason,
      ...(values.type === 'in-person' && values.parkingOn ? { parking: values.parking } : {}),
    });
    onBooked(created);
  };

  const failed = (error: unknown, placed: readonly PlacedError[]) => {
    if (error instanceof ApiError && error.code === 'SLOT_TAKEN') {
      // The time someone else just took is dropped; the free times are asked again (the mutation refreshes them).
      setValue('slot', null);
      setFailure(t('booking:book.slotTaken'));
    } else {
      setFailure(placed.length > 0 ? t('booking:book.fixFields') : errorText(t, error, t('book.failed')));
    }
    if (placed.length === 0) alertRef.current?.focus();
  };

  if (doctors.isPending) return <InlineLoading />;
  if (doctors.isError) return <QueryError message={t('booking:book.loadDoctorsFailed')} onRetry={() => void doctors.refetch()} />;

  return (
    <Form
      form={form}
      onSubmit={send}
      onFailure={failed}
      onInvalid={() => setFailure(null)}
      className="flex flex-col gap-4"
      data-testid="desk-booking-form"
    >
      <PatientSelect label={t('book.patient')} byBirthDate testId="desk-book-patient" />
      <SelectInput
        name="doctorId"
        label={t('booking:book.doctor')}
        registerOptions={{ onChange: (event: { target: { value: string } }) => chooseDoctor(event.target.value) }}
      >
        <option value="">{t('booking:book.chooseDoctor')}</option>
        {doctors.data.map((d) => (
          <option key={d.id} value={d.id}>
            {t('booking:book.doctorOption', { name: nameOf(d), specialty: d.specialty })}
          </option>
        ))}
      </SelectInput>
      <RadioGroupInput
        name="type"
        label={t('booking:book.type')}
        description={videoOffered ? undefined : t('booking:book.videoUnavailable')}
        options={APPOINTMENT_TYPES.map((option) => ({
          value: option,
          label: t(`booking:book.types.${option}`),
          disabled: option === 'video' && !videoOffered,
        }))}
      />
      <TextareaInput name="reason" label={t('booking:book.reason')} rows={2} maxLength={BOOKING.reasonMaxLength} />
      <section aria-labelledby="desk-book-time" className="flex flex-col gap-2">
        <h3 id="desk-book-time" className="font-semibold">
          {t('booking:book.time')}
        </h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('requests.clinicClock', { zone: clinicTimeZone })}</p>
        {doctor ? (
          <SlotPicker
            doctorId={doctor.id}
            timeZone={clinicTimeZone}
            value={slot}
            onChange={chooseSlot}
            error={fieldErrorText(t, form.formState.errors.slot?.message)}
            name="desk-book"
          />
        ) : (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('booking:book.doctorFirst')}</p>
        )}
      </section>
      {type === 'in-person' ? <ParkingFields testId="desk-book-parking" /> : null}
      <div ref={alertRef} tabIndex={-1} className="outline-none">
        {failure ? <FormAlert testId="desk-book-error">{failure}</FormAlert> : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <FormButton onClick={onClose}>{t('cancel')}</FormButton>
        <SubmitButton pending={t('booking:book.booking')} testId="desk-book-submit">
          {t('book.submit')}
        </SubmitButton>
      </div>
    </Form>
  );
}

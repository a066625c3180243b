import { usePersonName } from '../../../lib/person-name';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { BOOKING, bookingFormSchema } from '../../../../contracts/booking';
import { APPOINTMENT_TYPES } from '../../../../contracts/appointments';
import type { Doctor } from '../../../../contracts/doctors';
import { pathForView } from '../../../../contracts/views';
import { RadioGroupInput, SelectInput, TextareaInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm, type PlacedError } from '../../../components/form/use-schema-form';
import { FormAlert } from '../../../components/ui/field';
import { InlineLoading, QueryError } from '../../../components/ui/query-states';
import { fieldErrorText } from '../../../lib/forms/field-error-text';
import { bookableDoctorsQuery, refreshSlots, useBookAppointment } from '../api/booking';
import { SlotPicker, type PickedSlot } from '../../../components/booking/slot-picker';
import { NO_PARKING, ParkingFields, parkingWindowAround } from '../../../components/booking/parking-fields';
import { failureOf } from '../lib/errors';
import { WaitlistJoin, type WaitlistVisit } from '../components/waitlist-join';

type BookingFormOutput = z.output<typeof bookingFormSchema>;

// The patient books for themself. The doctor may arrive in the URL (?doctorId=, from
// the directory); everything typed stays in the form when the server refuses, and a slot someone
// else just took is dropped and the free times asked again.

export interface BookedNotice {
  /** A "requested" booking waits for the clinic's approval, and the notice says so. */
  booked: { startsAt: string; status?: string };
}

export function BookAppointmentPage() {
  const { t } = useTranslation('booking');
  const [params] = useSearchParams();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const doctors = useQuery(bookableDoctorsQuery());

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <Link
        to={pathForView('appointments')}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 underline dark:text-brand-100"
      >
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        {t('book.back')}
      </Link>
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">{t('book.title')}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('book.intro', { timeZone })}</p>
      </header>
      {doctors.isPending ? (
        <InlineLoading />
      ) : doctors.isError ? (
        <QueryError message={t('book.loadDoctorsFailed')} onRetry={() => void doctors.refetch()} />
      ) : (
        <BookingForm doctors={doctors.data} linkedDoctorId={params.get('doctorId') ?? ''} timeZone={timeZone} />
      )}
    </div>
  );
}

/** A server error about the day or the time belongs to the free time picked. */
const serverField = (path: string) => (path === 'date' || path === 'time' ? 'slot' : path);

function BookingForm({ doctors, linkedDoctorId, timeZone }: { doctors: readonly Doctor[]; linkedDoctorId: string; timeZone: string }) {
  const { t } = useTranslation('booking');
  const nameOf = usePersonName();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const book = useBookAppointment();
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useSchemaForm({
    schema: bookingFormSchema,
    defaultValues: {
      // An id from a stale link that names no doctor counts as no choice.
      doctorId: doctors.some((d) => d.id === linkedDoctorId) ? linkedDoctorId : '',
      type: 'in-person',
      reason: '',
      slot: null,
      ...NO_PARKING,
    },
    serverField,
  });
  const { control, setValue, getValues, clearErrors } = form;
  const [doctorId, type, slot] = useWatch({ control, name: ['doctorId', 'type', 'slot'] });
  const slotError = form.formState.errors.slot?.message;
  const doctor = doctors.find((d) => d.id === doctorId);
  const videoOffered = doctor?.telemedicineEnabled ?? true;

  const chooseDoctor = (id: string) => {
    setValue('slot', null);
    const next = doctors.find((d) => d.id === id);
    if (next && !next.telemedicineEnabled) setValue('type', 'in-person');
  };

  const chooseSlot = (picked: PickedSlot | null) => {
    clearErrors('slot');
    setValue('slot', picked, { shouldDirty: true });
    // A parking window around the chosen time, which the patient may change.
    if (picked && !getValues('parking.arrivalTime') && !getValues('parking.departureTime')) {
      const window = parkingWindowAround(picked.time);
      setValue('parking.arrivalTime', window.arrivalTime);
      setValue('parking.departureTime', window.departureTime);
    }
  };

  // Joining the waitlist asks for the same kind of visit and reason as booking, checked here.
  const waitlistVisit = async (): Promise<WaitlistVisit | null> => {
    setFailure(null);
    if (!(await form.trigger(['type', 'reason'], { shouldFocus: true }))) return null;
    const { type, reason } = getValues();
    return { type, reason: reason.trim() };
  };

  const send = async (values: BookingFormOutput) => {
    setFailure(null);
    if (!values.slot) return;
    const created = await book.mutateAsync({
      doctorId: values.doctorId,
      date: values.slot.date,
      time: values.slot.time,
      timeZone,
      type: values.type,
      reason: values.reason,
      ...(values.type === 'in-person' && values.parkingOn ? { parking: values.parking } : {}),
    });
    await navigate(pathForView('appointments'), {
      state: { booked: { startsAt: created.startsAt, status: created.status } } satisfies BookedNotice,
    });
  };

  const failed = async (error: unknown, placed: readonly PlacedError[]) => {
    if (failureOf(error) === 'slot-taken') {
      // The time someone else just took is dropped and the free times asked again.
      setValue('slot', null);
      setFailure(t('book.slotTaken'));
      alertRef.current?.focus();
      await refreshSlots(queryClient);
      return;
    }
    setFailure(placed.length > 0 ? t('book.fixFields') : t('book.failed'));
    // The first field the server refused already has focus; otherwise the message takes it.
    if (placed.length === 0) alertRef.current?.focus();
  };

  return (
    <>
      <div ref={alertRef} tabIndex={-1} className="outline-none">
        {failure ? <FormAlert testId="booking-error">{failure}</FormAlert> : null}
      </div>
      <Form
        form={form}
        onSubmit={send}
        onFailure={(error, placed) => void failed(error, placed)}
        onInvalid={() => setFailure(null)}
        className="flex flex-col gap-6"
        data-testid="booking-form"
      >
        <SelectInput
          name="doctorId"
          label={t('book.doctor')}
          registerOptions={{ onChange: (event: { target: { value: string } }) => chooseDoctor(event.target.value) }}
        >
          <option value="">{t('book.chooseDoctor')}</option>
          {doctors.map((d) => (
            <option key={d.id} value={d.id}>
              {t('book.doctorOption', { name: nameOf(d), specialty: d.specialty })}
            </option>
          ))}
        </SelectInput>

        <RadioGroupInput
          name="type"
          label={t('book.type')}
          description={videoOffered ? undefined : t('book.videoUnavailable')}
          options={APPOINTMENT_TYPES.map((option) => ({
            value: option,
            label: t(`book.types.${option}`),
            disabled: option === 'video' && !videoOffered,
          }))}
        />

        <TextareaInput
          name="reason"
          label={t('book.reason')}
          description={t('book.reasonHint')}
          rows={3}
          maxLength={BOOKING.reasonMaxLength}
        />

        <section aria-labelledby="booking-time" className="flex flex-col gap-2">
          <h2 id="booking-time" className="text-lg font-semibold">
            {t('book.time')}
          </h2>
          {doctor ? (
            <SlotPicker
              doctorId={doctor.id}
              timeZone={timeZone}
              value={slot}
              onChange={chooseSlot}
              error={fieldErrorText(t, slotError)}
              name="book"
            />
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('book.doctorFirst')}</p>
          )}
        </section>

        {type === 'in-person' ? <ParkingFields /> : null}

        <div>
          <SubmitButton pending={t('book.booking')} testId="confirm-booking">
            {t('book.confirm')}
          </SubmitButton>
        </div>
      </Form>
      {doctor ? (
        // A new doctor is a new request: what was said about the last one goes.
        <WaitlistJoin
          key={doctor.id}
          doctorId={doctor.id}
          visit={waitlistVisit}
          placeErrors={(error) => form.placeServerErrors(error).length}
        />
      ) : null}
    </>
  );
}

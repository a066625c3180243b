import { usePersonName } from '../../../lib/person-name';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { bookAppointmentSchema, BOOKING } from '../../../../contracts/booking';
import type { AppointmentType } from '../../../../contracts/appointments';
import { pathForView } from '../../../../contracts/views';
import { Button } from '../../../components/ui/button';
import { FormAlert, inputClasses, TextField } from '../../../components/ui/field';
import { InlineLoading, QueryError } from '../../../components/ui/query-states';
import { validationKeyOf } from '../../../lib/validation-text';
import { bookableDoctorsQuery, refreshSlots, useBookAppointment } from '../api/booking';
import { SlotPicker, type PickedSlot } from '../components/slot-picker';
import { failureOf, fieldErrorsOf } from '../lib/errors';

// The patient books for themself. The doctor may arrive in the URL (?doctorId=, from
// the directory); everything typed stays in the form when the server refuses, and a slot someone
// else just took is dropped and the free times asked again.

export interface BookedNotice {
  booked: { startsAt: string };
}

export function BookAppointmentPage() {
  const { t } = useTranslation(['booking', 'validation']);
  const nameOf = usePersonName();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const doctors = useQuery(bookableDoctorsQuery());
  const book = useBookAppointment();

  const [chosenDoctorId, setDoctorId] = useState(params.get('doctorId') ?? '');
  const [type, setType] = useState<AppointmentType>('in-person');
  const [reason, setReason] = useState('');
  const [slot, setSlot] = useState<PickedSlot | null>(null);
  const [parkingOn, setParkingOn] = useState(false);
  const [plate, setPlate] = useState('');
  const [arrival, setArrival] = useState('');
  const [departure, setDeparture] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const doctorFieldId = useId();
  const reasonId = useId();

  const doctor = doctors.data?.find((d) => d.id === chosenDoctorId);
  // An id from a stale link that names no doctor counts as no choice.
  const doctorId = doctor ? doctor.id : '';
  const videoOffered = doctor?.telemedicineEnabled ?? true;

  const chooseDoctor = (id: string) => {
    setDoctorId(id);
    setSlot(null);
    const next = doctors.data?.find((d) => d.id === id);
    if (next && !next.telemedicineEnabled) setType('in-person');
  };

  const chooseSlot = (picked: PickedSlot | null) => {
    setSlot(picked);
    // A parking window around the chosen time, which the patient may change.
    if (picked && !arrival && !departure) {
      setArrival(shiftTime(picked.time, -15));
      setDeparture(shiftTime(picked.time, BOOKING.slotMinutes + 15));
    }
  };

  const translate = (message: string) => {
    const key = validationKeyOf(message);
    return key ? t(`validation:${key}`) : message;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const local: Record<string, string> = {};
    if (!doctorId) local.doctorId = t('book.doctorRequired');
    if (!slot) local.slot = t('slots.required');
    const body = {
      doctorId,
      date: slot?.date ?? '',
      time: slot?.time ?? '',
      timeZone,
      type,
      reason,
      ...(type === 'in-person' && parkingOn ? { parking: { licensePlate: plate, arrivalTime: arrival, departureTime: departure } } : {}),
    };
    const parsed = bookAppointmentSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (path === 'date' || path === 'time') continue;
        if (path === 'doctorId' && local.doctorId) continue;
        local[path] ??= translate(issue.message);
      }
    }
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      const created = await book.mutateAsync(body);
      navigate(pathForView('appointments'), { state: { booked: { startsAt: created.startsAt } } satisfies BookedNotice });
    } catch (error) {
      const kind = failureOf(error);
      if (kind === 'slot-taken') {
        setSlot(null);
        setFailure(t('book.slotTaken'));
        await refreshSlots(queryClient);
      } else {
        const fields = fieldErrorsOf(t, error);
        setErrors(fields);
        setFailure(Object.keys(fields).length > 0 ? t('book.fixFields') : t('book.failed'));
      }
      alertRef.current?.focus();
    }
  };

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
      <div ref={alertRef} tabIndex={-1} className="outline-none">
        {failure ? <FormAlert testId="booking-error">{failure}</FormAlert> : null}
      </div>
      {doctors.isPending ? (
        <InlineLoading />
      ) : doctors.isError ? (
        <QueryError message={t('book.loadDoctorsFailed')} onRetry={() => void doctors.refetch()} />
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-6" data-testid="booking-form">
          <div className="flex flex-col gap-1">
            <label htmlFor={doctorFieldId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {t('book.doctor')}
            </label>
            <select
              id={doctorFieldId}
              value={doctorId}
              onChange={(e) => chooseDoctor(e.target.value)}
              aria-invalid={errors.doctorId ? true : undefined}
              aria-describedby={errors.doctorId ? `${doctorFieldId}-error` : undefined}
              className={inputClasses(Boolean(errors.doctorId))}
            >
              <option value="">{t('book.chooseDoctor')}</option>
              {doctors.data.map((d) => (
                <option key={d.id} value={d.id}>
                  {t('book.doctorOption', { name: nameOf(d), specialty: d.specialty })}
                </option>
              ))}
            </select>
            {errors.doctorId ? (
              <p id={`${doctorFieldId}-error`} className="text-sm text-red-700 dark:text-red-400">
                {errors.doctorId}
              </p>
            ) : null}
          </div>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">{t('book.type')}</legend>
            {(['in-person', 'video'] as const).map((option) => (
              <label key={option} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="type"
                  value={option}
                  checked={type === option}
                  disabled={option === 'video' && !videoOffered}
                  onChange={() => setType(option)}
                  className="size-4 accent-brand-700"
                />
                {t(`book.types.${option}`)}
              </label>
            ))}
            {!videoOffered ? <p className="text-xs text-slate-600 dark:text-slate-400">{t('book.videoUnavailable')}</p> : null}
          </fieldset>

          <div className="flex flex-col gap-1">
            <label htmlFor={reasonId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {t('book.reason')}
            </label>
            <textarea
              id={reasonId}
              name="reason"
              rows={3}
              maxLength={BOOKING.reasonMaxLength}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={`${reasonId}-hint${errors.reason ? ` ${reasonId}-error` : ''}`}
              className={inputClasses(Boolean(errors.reason))}
            />
            <p id={`${reasonId}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
              {t('book.reasonHint')}
            </p>
            {errors.reason ? (
              <p id={`${reasonId}-error`} className="text-sm text-red-700 dark:text-red-400">
                {errors.reason}
              </p>
            ) : null}
          </div>

          <section aria-labelledby="booking-time" className="flex flex-col gap-2">
            <h2 id="booking-time" className="text-lg font-semibold">
              {t('book.time')}
            </h2>
            {doctorId ? (
              <SlotPicker doctorId={doctorId} timeZone={timeZone} value={slot} onChange={chooseSlot} error={errors.slot} name="book" />
            ) : (
              <p className="text-sm text-slate-700 dark:text-slate-300">{t('book.doctorFirst')}</p>
            )}
          </section>

          {type === 'in-person' ? (
            <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
              <legend className="px-1 text-sm font-medium">{t('parking.legend')}</legend>
              <label className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={parkingOn}
                  onChange={(e) => setParkingOn(e.target.checked)}
                  className="size-4 accent-brand-700"
                />
                {t('parking.reserve')}
              </label>
              {parkingOn ? (
                <div className="grid gap-3 sm:grid-cols-3">
                  <TextField
                    label={t('parking.licensePlate')}
                    name="licensePlate"
                    autoComplete="off"
                    value={plate}
                    onChange={(e) => setPlate(e.target.value)}
                    error={errors['parking.licensePlate']}
                  />
                  <TextField
                    label={t('parking.arrival')}
                    name="arrivalTime"
                    type="time"
                    value={arrival}
                    onChange={(e) => setArrival(e.target.value)}
                    error={errors['parking.arrivalTime']}
                  />
                  <TextField
                    label={t('parking.departure')}
                    name="departureTime"
                    type="time"
                    value={departure}
                    onChange={(e) => setDeparture(e.target.value)}
                    error={errors['parking.departureTime']}
                  />
                  <p className="text-xs text-slate-600 sm:col-span-3 dark:text-slate-400">
                    {t('parking.hint', { count: BOOKING.parkingWindowHours })}
                  </p>
                </div>
              ) : null}
            </fieldset>
          ) : null}

          <div>
            <Button type="submit" disabled={book.isPending} data-testid="confirm-booking">
              {book.isPending ? t('book.booking') : t('book.confirm')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

/** "HH:mm" moved by some minutes, kept within the day. */
function shiftTime(time: string, minutes: number): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const total = Math.min(23 * 60 + 59, Math.max(0, h * 60 + m + minutes));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

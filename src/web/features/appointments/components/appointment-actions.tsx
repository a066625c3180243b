import { usePersonName } from '../../../lib/person-name';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, CalendarClock, CalendarPlus, CalendarX, Car, Repeat } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '../../../../contracts/appointments';
import { BOOKING } from '../../../../contracts/booking';
import { AppointmentQueue } from '../../../components/clinical/appointment-queue';
import { JoinVideoVisit } from '../../../components/clinical/join-video-visit';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert, inputClasses } from '../../../components/ui/field';
import { calendarUrl, clinicContactQuery, useCancelAppointment, useConfirmAppointment, useRescheduleAppointment } from '../api/booking';
import { useJoinWaitlist } from '../api/waitlist';
import { errorText } from '../../../lib/error-text';
import { failureOf, tooLateText } from '../lib/errors';
import { changeState, isConfirmable } from '../lib/slot-days';
import { SlotPicker, type PickedSlot } from '../../../components/booking/slot-picker';

// What a patient can do with an upcoming appointment: confirm that they will come, see the queue on
// the day and the parking, download it for their calendar, move it or cancel it (until the cut-off;
// then they call the clinic).

export function AppointmentExtras({
  appointment,
  onNotice,
  opening = null,
}: {
  appointment: Appointment;
  onNotice: (text: string) => void;
  /** A dialog to open at once (a reminder's reschedule link leads here). */
  opening?: 'reschedule' | null;
}) {
  const { t, i18n } = useTranslation('booking');
  const state = changeState(appointment, new Date());
  const [dialog, setDialog] = useState<'reschedule' | 'cancel' | null>(opening);
  const join = useJoinWaitlist();
  const [joinError, setJoinError] = useState<string | null>(null);
  const joinWaitlist = async () => {
    setJoinError(null);
    try {
      await join.mutateAsync({ doctorId: appointment.doctorId, appointmentId: appointment.id });
      onNotice(t('waitlist.joined'));
    } catch (failure) {
      setJoinError(errorText(t, failure, t('waitlist.joinFailed')));
    }
  };
  const confirmation = useConfirmAppointment();
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const confirmable = isConfirmable(appointment, new Date());
  const confirm = async () => {
    setConfirmError(null);
    try {
      const confirmed = await confirmation.mutateAsync(appointment.id);
      const when = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
      onNotice(t('manage.confirmed', { when: when.format(new Date(confirmed.startsAt)) }));
    } catch (failure) {
      setConfirmError(errorText(t, failure, t('manage.failed')));
    }
  };
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { timeStyle: 'short' });
  const parking = appointment.parkingReservation;

  return (
    <div className="mt-3 flex flex-col gap-3 border-t border-slate-200 pt-3 dark:border-slate-800">
      <AppointmentQueue appointment={appointment} />
      {parking ? (
        <p className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300" data-testid="parking-details">
          <Car className="size-4 shrink-0" aria-hidden="true" />
          {parking.status === 'reserved'
            ? t('parking.details', {
                plate: parking.licensePlate,
                arrival: time.format(new Date(parking.arrivalTime)),
                departure: time.format(new Date(parking.departureTime)),
              })
            : t('parking.cancelled', { plate: parking.licensePlate })}
        </p>
      ) : null}
      {appointment.status !== 'cancelled' ? (
        <div className="flex flex-wrap items-start gap-2">
          {confirmable ? (
            <Button variant="secondary" onClick={() => void confirm()} disabled={confirmation.isPending} data-testid="confirm-appointment">
              <CalendarCheck className="size-4" aria-hidden="true" />
              {t('manage.confirm')}
            </Button>
          ) : null}
          <JoinVideoVisit appointment={appointment} />
          <a href={calendarUrl(appointment.id)} download className={buttonClasses('secondary')} data-testid="add-to-calendar">
            <CalendarPlus className="size-4" aria-hidden="true" />
            {t('manage.calendar')}
          </a>
          {state !== 'closed' ? (
            <>
              <Button variant="secondary" onClick={() => setDialog('reschedule')} data-testid="reschedule">
                <Repeat className="size-4" aria-hidden="true" />
                {t('manage.reschedule')}
              </Button>
              <Button variant="secondary" onClick={() => setDialog('cancel')} data-testid="cancel-appointment">
                <CalendarX className="size-4" aria-hidden="true" />
                {t('manage.cancel')}
              </Button>
            </>
          ) : null}
          {state === 'open' ? (
            <Button variant="secondary" onClick={() => void joinWaitlist()} disabled={join.isPending} data-testid="join-waitlist">
              <CalendarClock className="size-4" aria-hidden="true" />
              {t('waitlist.join')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {confirmError ? <FormAlert testId="confirm-error">{confirmError}</FormAlert> : null}
      {joinError ? <FormAlert testId="join-waitlist-error">{joinError}</FormAlert> : null}
      {dialog === 'reschedule' ? (
        <RescheduleDialog appointment={appointment} tooLate={state === 'too-late'} onClose={() => setDialog(null)} onDone={onNotice} />
      ) : null}
      {dialog === 'cancel' ? (
        <CancelDialog appointment={appointment} tooLate={state === 'too-late'} onClose={() => setDialog(null)} onDone={onNotice} />
      ) : null}
    </div>
  );
}

interface DialogProps {
  appointment: Appointment;
  tooLate: boolean;
  onClose: () => void;
  onDone: (notice: string) => void;
}

function TooLate({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('booking');
  const config = useQuery(clinicContactQuery());
  return (
    <div className="flex flex-col gap-4">
      <FormAlert tone="info" testId="too-late">
        {tooLateText(t, config.data?.phone)}
      </FormAlert>
      <div>
        <Button variant="secondary" onClick={onClose}>
          {t('manage.close')}
        </Button>
      </div>
    </div>
  );
}

function RescheduleDialog({ appointment, tooLate, onClose, onDone }: DialogProps) {
  const { t, i18n } = useTranslation('booking');
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const reschedule = useRescheduleAppointment();
  const config = useQuery(clinicContactQuery());
  const [slot, setSlot] = useState<PickedSlot | null>(null);
  const [error, setError] = useState<string | null>(null);
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });

  const confirm = async () => {
    if (!slot) {
      setError(t('slots.required'));
      return;
    }
    setError(null);
    try {
      const moved = await reschedule.mutateAsync({ id: appointment.id, date: slot.date, time: slot.time, timeZone });
      onDone(t('manage.rescheduled', { when: format.format(new Date(moved.startsAt)) }));
      onClose();
    } catch (failure) {
      const kind = failureOf(failure);
      if (kind === 'slot-taken') setSlot(null);
      setError(kind === 'slot-taken' ? t('book.slotTaken') : kind === 'too-late' ? tooLateText(t, config.data?.phone) : t('manage.failed'));
    }
  };

  return (
    <Dialog open title={t('manage.rescheduleTitle')} onClose={onClose} size="lg" testId="reschedule-dialog">
      {tooLate ? (
        <TooLate onClose={onClose} />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('manage.current', { when: format.format(new Date(appointment.startsAt)) })}
          </p>
          <SlotPicker doctorId={appointment.doctorId} timeZone={timeZone} value={slot} onChange={setSlot} name="reschedule" />
          {error ? <FormAlert testId="reschedule-error">{error}</FormAlert> : null}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void confirm()} disabled={reschedule.isPending} data-testid="confirm-reschedule">
              {t('manage.rescheduleConfirm')}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {t('manage.keep')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function CancelDialog({ appointment, tooLate, onClose, onDone }: DialogProps) {
  const { t, i18n } = useTranslation('booking');
  const nameOf = usePersonName();
  const cancel = useCancelAppointment();
  const config = useQuery(clinicContactQuery());
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  const when = format.format(new Date(appointment.startsAt));

  const confirm = async () => {
    setError(null);
    try {
      await cancel.mutateAsync({ id: appointment.id, reason: reason.trim() || undefined });
      onDone(t('manage.cancelled', { when }));
      onClose();
    } catch (failure) {
      setError(failureOf(failure) === 'too-late' ? tooLateText(t, config.data?.phone) : t('manage.failed'));
    }
  };

  return (
    <Dialog
      open
      title={t('manage.cancelTitle')}
      description={t('manage.cancelDescription', { when, name: nameOf(appointment.doctor) })}
      onClose={onClose}
      testId="cancel-dialog"
    >
      {tooLate ? (
        <TooLate onClose={onClose} />
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor={reasonId} className="text-sm font-medium">
              {t('manage.cancelReason')}
            </label>
            <textarea
              id={reasonId}
              rows={2}
              maxLength={BOOKING.reasonMaxLength}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className={inputClasses(false)}
            />
          </div>
          {error ? <FormAlert testId="cancel-error">{error}</FormAlert> : null}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void confirm()} disabled={cancel.isPending} data-testid="confirm-cancel">
              {t('manage.cancelConfirm')}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {t('manage.keep')}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

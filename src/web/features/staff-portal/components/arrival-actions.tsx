import { CalendarClock, Clock3, LogIn, UserX, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import type { TodayItem } from '../../../../contracts/appointments';
import type { ArrivalAction } from '../../../../contracts/front-desk';
import { CheckboxInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { useArrival, useCancelOnBehalf } from '../api/staff-portal';
import { useDeskFormat } from '../lib/use-desk-format';
import { RescheduleDialog } from './reschedule-dialog';

// The desk's steps on one of today's visits, as far as the staff member's permissions and the
// visit's status allow: check in (after confirming who the patient is), running late, no-show
// (after the start) and cancel on the patient's behalf. No-show and cancel cannot be taken back,
// so they are asked once more. The server decides again; a refusal is said in words.

const checkInSchema = z.object({ confirmed: z.boolean().refine((value) => value, 'identity.unconfirmed') });

export interface DeskAllowed {
  arrive: boolean;
  cancel: boolean;
  reschedule: boolean;
}

export function ArrivalActions({
  item,
  now,
  allowed,
  clinicTimeZone,
}: {
  item: TodayItem;
  now: number;
  allowed: DeskAllowed;
  clinicTimeZone: string;
}) {
  const { t } = useTranslation('staff-portal');
  const nameOf = usePersonName();
  const arrival = useArrival();
  const cancel = useCancelOnBehalf();
  const [open, setOpen] = useState<'check-in' | 'no-show' | 'cancel' | 'reschedule' | null>(null);
  const name = nameOf(item.patient);
  const scheduled = item.status === 'scheduled';
  const started = Date.parse(item.startsAt) <= now;

  const step = (action: Exclude<ArrivalAction, 'check-in'>) =>
    arrival.mutate(
      { id: item.id, action },
      {
        onSuccess: () => toast.success(t(`day.done.${action}`, { name })),
        onError: (error) => toast.error(errorText(t, error, t('day.failed'))),
        onSettled: () => setOpen(null),
      },
    );
  const cancelIt = () =>
    cancel.mutate(
      { id: item.id },
      {
        onSuccess: () => toast.success(t('day.done.cancel', { name })),
        onError: (error) => toast.error(errorText(t, error, t('day.failed'))),
        onSettled: () => setOpen(null),
      },
    );

  const buttons: {
    key: 'check-in' | 'late' | 'no-show' | 'reschedule' | 'cancel';
    icon: typeof LogIn;
    show: boolean;
    onClick: () => void;
  }[] = [
    { key: 'check-in', icon: LogIn, show: allowed.arrive && scheduled, onClick: () => setOpen('check-in') },
    { key: 'late', icon: Clock3, show: allowed.arrive && scheduled && !item.lateAt, onClick: () => step('late') },
    {
      key: 'no-show',
      icon: UserX,
      show: allowed.arrive && started && (scheduled || item.status === 'checked-in'),
      onClick: () => setOpen('no-show'),
    },
    { key: 'reschedule', icon: CalendarClock, show: allowed.reschedule && !started && scheduled, onClick: () => setOpen('reschedule') },
    {
      key: 'cancel',
      icon: XCircle,
      show: allowed.cancel && !started && (scheduled || item.status === 'requested'),
      onClick: () => setOpen('cancel'),
    },
  ];
  const shown = buttons.filter((button) => button.show);
  if (shown.length === 0) return null;
  const busy = arrival.isPending || cancel.isPending;

  return (
    <div className="flex flex-wrap gap-2">
      {shown.map(({ key, icon: Icon, onClick }) => (
        <Button
          key={key}
          variant={key === 'check-in' ? 'primary' : 'secondary'}
          className="min-h-9 px-3 py-1"
          disabled={busy}
          aria-label={t(`day.actions.${key}For`, { name })}
          onClick={onClick}
          data-testid={`desk-${key}`}
        >
          <Icon className="size-4" aria-hidden="true" />
          {t(`day.actions.${key}`)}
        </Button>
      ))}
      {open === 'reschedule' ? <RescheduleDialog appointment={item} clinicTimeZone={clinicTimeZone} onClose={() => setOpen(null)} /> : null}
      {open === 'check-in' ? <CheckInDialog item={item} clinicTimeZone={clinicTimeZone} onClose={() => setOpen(null)} /> : null}
      <Dialog
        open={open === 'no-show' || open === 'cancel'}
        title={t(open === 'cancel' ? 'day.confirmCancel.title' : 'day.confirmNoShow.title', { name })}
        description={t(open === 'cancel' ? 'day.confirmCancel.body' : 'day.confirmNoShow.body')}
        onClose={() => setOpen(null)}
        size="sm"
        testId="desk-confirm-dialog"
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(null)}>
            {t('day.keep')}
          </Button>
          <Button onClick={() => (open === 'cancel' ? cancelIt() : step('no-show'))} disabled={busy} data-testid="desk-confirm">
            {t(open === 'cancel' ? 'day.actions.cancel' : 'day.actions.no-show')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** Checking in: the desk confirms who the patient is and that their details are right before the visit counts as arrived. */
function CheckInDialog({ item, clinicTimeZone, onClose }: { item: TodayItem; clinicTimeZone: string; onClose: () => void }) {
  const { t } = useTranslation('staff-portal');
  const nameOf = usePersonName();
  const format = useDeskFormat(clinicTimeZone);
  const arrival = useArrival();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useSchemaForm({ schema: checkInSchema, defaultValues: { confirmed: false } });
  const name = nameOf(item.patient);

  const onSubmit = async () => {
    setFailure(null);
    await arrival.mutateAsync({ id: item.id, action: 'check-in' });
    toast.success(t('day.done.check-in', { name }));
    onClose();
  };

  return (
    <Dialog open onClose={onClose} title={t('checkIn.title', { name })} testId="check-in-dialog">
      <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{t('checkIn.patient')}</dt>
          <dd>{name}</dd>
          <dt className="font-medium">{t('checkIn.visit')}</dt>
          <dd>{t('checkIn.visitWith', { time: format.time(item.startsAt), doctor: nameOf(item.doctor) })}</dd>
          {item.parkingReservation ? (
            <>
              <dt className="font-medium">{t('checkIn.parking')}</dt>
              <dd>{item.parkingReservation.licensePlate}</dd>
            </>
          ) : null}
        </dl>
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('checkIn.ask')}</p>
        <CheckboxInput name="confirmed" label={t('checkIn.confirm')} />
        {failure ? <FormAlert testId="check-in-error">{errorText(t, failure, t('day.failed'))}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <FormButton onClick={onClose}>{t('cancel')}</FormButton>
          <SubmitButton pending={t('saving')} testId="check-in-submit">
            {t('day.actions.check-in')}
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentNotificationLink, type Notification } from '../../../../contracts/notifications';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { notificationText, orderedName, titledDoctor } from '../../../lib/realtime/notification-text';
import { useDeleteNotification } from '../api/notifications';

/** Only a path of this app is followed: a stored URL never sends anyone to another site or a script. */
function internalPath(url: string | null): string | null {
  return url && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : null;
}

interface Props {
  userId: string;
  notification: Notification | null;
  onClose(): void;
}

/** A notification's detail dialog; for an in-person consultation it advises arriving 15 minutes early. */
export function NotificationDetailDialog({ userId, notification, onClose }: Props) {
  const { t, i18n } = useTranslation('notifications');
  const remove = useDeleteNotification(userId);
  if (!notification) return null;

  const text = notificationText(t, notification);
  const { metadata } = notification;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(notification.createdAt));
  const action = internalPath(currentNotificationLink(notification.actionUrl));
  // The doctor titled in the reader's language from the parts; a row stored before them keeps its English name.
  const doctor = titledDoctor(t, metadata.doctorFirstName, metadata.doctorLastName) ?? metadata.doctorName;
  const patient = orderedName(metadata.patientFirstName, metadata.patientLastName) ?? metadata.patientName;
  const details = [
    doctor ? { key: 'doctor', value: doctor } : null,
    patient ? { key: 'patient', value: patient } : null,
    metadata.testName ? { key: 'test', value: metadata.testName } : null,
    metadata.consultationType ? { key: 'consultationType', value: t(`detail.consultationTypes.${metadata.consultationType}`) } : null,
  ].filter((item): item is { key: string; value: string } => item !== null);

  return (
    <Dialog
      open
      onClose={onClose}
      testId="notification-detail"
      title={text.title}
      description={
        <>
          <time dateTime={notification.createdAt}>{when}</time> · {t(`priority.${notification.priority}`)}
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="wrap-anywhere whitespace-pre-line">{text.message}</p>
        {details.length > 0 ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {details.map((item) => (
              <div key={item.key} className="contents">
                <dt className="text-slate-600 dark:text-slate-300">{t(`detail.fields.${item.key}`)}</dt>
                <dd className="wrap-anywhere">{item.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {metadata.consultationType === 'in-person' ? (
          <p
            className="flex items-start gap-2 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
            data-testid="arrive-early"
          >
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('detail.arriveEarly')}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate(notification.id, { onSuccess: onClose })}>
            {t('detail.delete')}
          </Button>
          {action ? (
            <Link to={action} onClick={onClose} className={buttonClasses('primary')}>
              {t('detail.open')}
            </Link>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}

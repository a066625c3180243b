import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '../../../../contracts/user-settings';
import { userSettingsQuery, useUpdateUserSettings } from '../api/user-settings';
import { SectionError } from './settings-section';

/**
 * The notifications settings: which kinds of live notification pop up as a message. Each
 * choice is saved at once (PUT /api/user/settings). A silenced kind still reaches the bell's list;
 * urgent notifications and changes to one's access always pop up (lib/realtime/notification-category.ts).
 */
export function NotificationsSection() {
  const { t } = useTranslation('settings');
  const settings = useQuery(userSettingsQuery);
  const update = useUpdateUserSettings();

  if (settings.isPending) {
    return (
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {t('preferences.loading')}
      </p>
    );
  }
  if (settings.isError) {
    return <SectionError message={t('preferences.fetchFailed')} retryLabel={t('retry')} onRetry={() => void settings.refetch()} />;
  }
  const current = settings.data.data.notifications;

  const choose = (category: NotificationCategory, on: boolean) => {
    update.mutate(
      { notifications: { [category]: on } },
      {
        onSuccess: () => toast.success(t('preferences.settingsUpdated')),
        onError: () => toast.error(t('notifications.saveFailed')),
      },
    );
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('notifications.legend')}</legend>
      {NOTIFICATION_CATEGORIES.map((category) => (
        <label key={category} className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="checkbox"
            name={`notify-${category}`}
            checked={current[category]}
            disabled={update.isPending}
            onChange={(event) => choose(category, event.target.checked)}
            className="mt-0.5 size-4 accent-brand-700"
          />
          <span>
            <span className="font-medium">{t(`notifications.kinds.${category}.label`)}</span>
            <span className="block text-slate-700 dark:text-slate-300">{t(`notifications.kinds.${category}.hint`)}</span>
          </span>
        </label>
      ))}
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('notifications.honoured')}</p>
    </fieldset>
  );
}

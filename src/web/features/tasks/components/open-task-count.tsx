import { useTranslation } from 'react-i18next';
import { useOpenTaskCount } from '../api/tasks';

/** The sidebar's count of the signed-in member's open tasks; nothing while there are none. */
export function OpenTaskCount() {
  const { t } = useTranslation('shell');
  const openTasks = useOpenTaskCount();
  if (!openTasks) return null;
  return (
    <span className="rounded-full bg-brand-700 px-2 text-xs font-semibold text-white" data-testid="open-task-count">
      <span className="sr-only">{t('nav.openTasks')} </span>
      {openTasks}
    </span>
  );
}

import { useTranslation } from 'react-i18next';
import type { NoteStatus } from '../../../../contracts/clinical-notes';

export function StatusBadge({ status }: { status: NoteStatus }) {
  const { t } = useTranslation('notes');
  const tone =
    status === 'draft'
      ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100'
      : 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100';
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`} data-testid="note-status">
      {t(`status.${status}`)}
    </span>
  );
}

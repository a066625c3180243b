import { useTranslation } from 'react-i18next';
import { Button } from './button';

/**
 * Previous / next with "Page n of m", announced politely; hidden when everything fits on one page.
 * `label` names the navigation for screen readers where "Pages" alone would be vague (e.g. "Pages of accounts").
 */
export function Pager({
  page,
  total,
  pageSize,
  busy,
  label,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  busy: boolean;
  label?: string;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label ?? t('pagination.label')} className="flex flex-wrap items-center justify-between gap-3">
      <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
        {t('pagination.previous')}
      </Button>
      <span className="text-sm" aria-live="polite">
        {t('pagination.status', { page, pages })}
      </span>
      <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= pages || busy}>
        {t('pagination.next')}
      </Button>
    </nav>
  );
}

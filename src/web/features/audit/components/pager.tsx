import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** Previous / next with "Page n of m", announced politely; hidden when everything fits on one page. */
export function Pager({
  page,
  total,
  pageSize,
  busy,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  busy: boolean;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('audit');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="flex flex-wrap items-center justify-between gap-3">
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

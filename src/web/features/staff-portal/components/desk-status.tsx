import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { STAFF_STATUSES, type StaffStatus } from '../../../../contracts/staff-portal';
import { Button } from '../../../components/ui/button';
import { EmptyState, InlineLoading, QueryError } from '../../../components/ui/query-states';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { useSession } from '../../../lib/session/use-session';
import { staffStatusQuery, useSetStaffStatus } from '../api/staff-portal';
import { Card } from './card';

// The staff member's own desk status (on duty, on break, off duty), which colleagues see live, and
// theirs. An admin sees the colleagues only: they keep no desk status.

const TONE: Record<StaffStatus, string> = {
  'on-duty': 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-100',
  'on-break': 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100',
  'off-duty': 'border-slate-200 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-200',
};

export function StatusBadge({ status }: { status: StaffStatus }) {
  const { t } = useTranslation('staff-portal');
  return (
    <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${TONE[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}

export function DeskStatus() {
  const { t } = useTranslation(['staff-portal', 'shell']);
  const { user } = useSession();
  const nameOf = usePersonName();
  const query = useQuery(staffStatusQuery());
  const setStatus = useSetStaffStatus();
  const own = query.data?.own ?? null;

  const choose = (status: StaffStatus) =>
    setStatus.mutate(status, {
      onSuccess: () => toast.success(t('status.saved', { status: t(`status.${status}`) })),
      onError: (error) => toast.error(errorText(t, error, t('status.failed'))),
    });

  return (
    <Card title={t('status.title')} testId="desk-status">
      {query.isPending ? (
        <InlineLoading />
      ) : query.isError ? (
        <QueryError message={errorText(t, query.error, t('status.loadFailed'))} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {user?.role === 'staff' ? (
            <div role="group" aria-label={t('status.mine')} className="flex flex-wrap gap-2" data-testid="own-status">
              {STAFF_STATUSES.map((status) => (
                <Button
                  key={status}
                  variant={own?.status === status ? 'primary' : 'secondary'}
                  aria-pressed={own?.status === status}
                  disabled={setStatus.isPending}
                  onClick={() => choose(status)}
                  data-testid={`own-status-${status}`}
                >
                  {t(`status.${status}`)}
                </Button>
              ))}
            </div>
          ) : null}
          <h3 className="mt-2 text-sm font-semibold">{t('status.colleagues')}</h3>
          {query.data.colleagues.length === 0 ? (
            <EmptyState>{t('status.noColleagues')}</EmptyState>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800" data-testid="colleague-statuses">
              {query.data.colleagues.map((colleague) => (
                <li key={colleague.userId} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0 break-words">
                    <span className="font-medium">{nameOf(colleague)}</span>
                    {colleague.position ? (
                      <span className="text-slate-700 dark:text-slate-300"> · {t(`shell:positions.${colleague.position}`)}</span>
                    ) : null}
                  </span>
                  <StatusBadge status={colleague.status} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}

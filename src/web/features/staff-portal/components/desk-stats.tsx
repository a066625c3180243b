import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Car, CircleParking, Hourglass, Inbox, LogIn, Timer, UserX, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StaffStats } from '../../../../contracts/staff-portal';
import { QueryError } from '../../../components/ui/query-states';
import { errorText } from '../../../lib/error-text';
import { staffStatsQuery } from '../api/staff-portal';
import { useDeskFormat } from '../lib/use-desk-format';

type Count = Exclude<keyof StaffStats, 'date' | 'clinicTimeZone'>;

/** Each count and where on the page its list is. */
const CARDS: readonly { key: Count; icon: LucideIcon; anchor?: string }[] = [
  { key: 'todaysAppointments', icon: CalendarDays, anchor: '#clinic-day' },
  { key: 'checkedIn', icon: LogIn, anchor: '#clinic-day' },
  { key: 'waiting', icon: Hourglass, anchor: '#clinic-day' },
  { key: 'averageWaitMinutes', icon: Timer },
  { key: 'noShows', icon: UserX, anchor: '#clinic-day' },
  { key: 'pendingRequests', icon: Inbox, anchor: '#requests' },
  { key: 'parkingReserved', icon: CircleParking },
  { key: 'parkingOccupied', icon: Car },
];

const CARD =
  'flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm dark:border-slate-800 dark:bg-slate-900';

export function DeskStats() {
  const { t } = useTranslation('staff-portal');
  const query = useQuery(staffStatsQuery());
  const format = useDeskFormat(query.data?.clinicTimeZone ?? 'UTC');
  if (query.isError) return <QueryError message={errorText(t, query.error, t('stats.loadFailed'))} onRetry={() => void query.refetch()} />;
  const valueOf = (key: Count) => {
    if (!query.data) return null;
    const value = query.data[key];
    if (key === 'averageWaitMinutes') return value === null ? t('stats.nobodyWaiting') : t('stats.minutes', { count: value });
    return format.number(value ?? 0);
  };
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-busy={query.isPending} data-testid="staff-stats">
      {CARDS.map(({ key, icon: Icon, anchor }) => {
        const value = valueOf(key);
        const content = (
          <>
            <Icon className="size-6 shrink-0 text-brand-700 dark:text-brand-100" aria-hidden="true" />
            <span className="flex min-w-0 flex-col">
              <span className="text-2xl font-semibold tabular-nums" data-testid={`stat-${key}`}>
                {value ?? (
                  <>
                    <span aria-hidden="true">–</span>
                    <span className="sr-only">{t('common:loading')}</span>
                  </>
                )}
              </span>
              <span className="text-sm break-words text-slate-700 dark:text-slate-300">{t(`stats.${key}`)}</span>
            </span>
          </>
        );
        return (
          <li key={key}>
            {anchor ? (
              <a
                href={anchor}
                className={`${CARD} hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 dark:hover:border-brand-500`}
              >
                {content}
              </a>
            ) : (
              <div className={CARD}>{content}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

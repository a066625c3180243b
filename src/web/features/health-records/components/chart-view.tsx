import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { PatientChart } from '../../../../contracts/health-records';
import { EmptyState, InlineLoading, QueryError } from '../../../components/ui/query-states';
import { useSession } from '../../../lib/session/use-session';
import { patientChartQuery } from '../api/chart';

/** A read-only view of the signed-in patient's chart: title, intro, and the loading / error states. */
export function ChartView({
  title,
  intro,
  errorText,
  children,
}: {
  title: string;
  intro: string;
  errorText: string;
  children: (chart: PatientChart) => ReactNode;
}) {
  const { user } = useSession();
  const query = useQuery({ ...patientChartQuery(user?.id ?? ''), enabled: Boolean(user) });
  if (!user) return null;
  return (
    <ViewFrame title={title} intro={intro}>
      {query.isPending ? (
        <InlineLoading />
      ) : query.isError ? (
        <QueryError message={errorText} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </ViewFrame>
  );
}

export function ViewFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{intro}</p>
      </header>
      {children}
    </div>
  );
}

/** A titled part of a view with its own empty state. */
export function ChartSection({
  title,
  emptyText,
  isEmpty,
  children,
  testId,
}: {
  title: string;
  emptyText: string;
  isEmpty: boolean;
  children: ReactNode;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid={testId} className="flex min-w-0 flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {isEmpty ? <EmptyState>{emptyText}</EmptyState> : children}
    </section>
  );
}

/** One record of a list: a title line, an optional badge, and label/value facts. */
export function RecordCard({
  title,
  badge,
  facts,
  children,
  testId,
}: {
  title: ReactNode;
  badge?: ReactNode;
  facts: { label: string; value: ReactNode }[];
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <li
      data-testid={testId}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold break-words">{title}</h3>
        {badge}
      </div>
      {facts.length > 0 ? (
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {facts.map((fact) => (
            <div key={fact.label} className="flex min-w-0 gap-1">
              <dt className="text-slate-600 dark:text-slate-400">{fact.label}:</dt>
              <dd className="min-w-0 break-words">{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {children}
    </li>
  );
}

export function StatusBadge({ children, tone }: { children: ReactNode; tone: 'active' | 'neutral' }) {
  const classes =
    tone === 'active'
      ? 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100'
      : 'border-slate-300 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100';
  return <span className={`rounded-full border px-2 py-0.5 text-xs font-medium ${classes}`}>{children}</span>;
}

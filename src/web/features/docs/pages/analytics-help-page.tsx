import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FAILED_SIGN_IN_ALERT_THRESHOLD, RECENT_DAYS, SECURITY_ALERT_WINDOW_HOURS } from '../../../../contracts/admin-console';
import { ANALYTICS_DAILY_UP_TO_DAYS, ANALYTICS_DEFAULT_DAYS, ANALYTICS_MAX_DAYS } from '../../../../contracts/analytics';
import { REPORT_MAX_ROWS } from '../../../../contracts/reports';

// How every figure of the administrator's home and of the Analytics page is computed
// (docs/analytics): what it counts, from which records, over which period and time zone, what it
// leaves out and how its rates divide. The text follows the queries of the admin console's
// repository; the numbers in it are the contracts' own constants, so a changed window or bound
// changes the text too. Sections and figures have fixed anchors, so the dashboard and the
// Analytics page can link to the part they need; the contents list moves the router's address
// (not only the browser's), so the part it names comes into view with focus on its heading.

const DASHBOARD_FIGURES = ['accounts', 'sessions', 'today', 'week', 'noShow', 'newPatients', 'tasks', 'alerts'] as const;
const ANALYTICS_FIGURES = ['byStatus', 'byType', 'byDoctor', 'byWeekday', 'newPatients'] as const;
/** Rates say how they divide; the other figures have no division to explain. */
const WITH_RATE = new Set(['dashboard.noShow', 'analytics.byDoctor', 'analytics.byWeekday']);
const FACETS = ['counts', 'records', 'period', 'excluded', 'rate'] as const;

/** The anchors the dashboard and the Analytics page link to (they write them out: features do not import each other). */
const ANALYTICS_HELP_ANCHORS = { dashboard: 'dashboard', analytics: 'analytics-page' } as const;

const anchorOf = (group: 'dashboard' | 'analytics', figure: string) => `${group === 'dashboard' ? 'dashboard' : 'analytics'}-${figure}`;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="flex scroll-mt-20 flex-col gap-3">
      <h2 id={`${id}-title`} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Figure({ group, figure }: { group: 'dashboard' | 'analytics'; figure: string }) {
  const { t } = useTranslation('docs');
  const values = useValues();
  const key = `${group}.${figure}`;
  const id = anchorOf(group, figure);
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="flex scroll-mt-20 flex-col gap-1">
      <h3 id={`${id}-title`} tabIndex={-1} className="text-lg font-medium focus:outline-none">
        {t(`analytics.${key}.title`, values)}
      </h3>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
        {FACETS.filter((facet) => facet !== 'rate' || WITH_RATE.has(key)).map((facet) => (
          <div key={facet} className="contents">
            <dt className="font-medium text-slate-800 dark:text-slate-200">{t(`analytics.labels.${facet}`)}</dt>
            <dd className="text-slate-700 dark:text-slate-300">{t(`analytics.${key}.${facet}`, values)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function useValues() {
  return {
    recentDays: RECENT_DAYS,
    threshold: FAILED_SIGN_IN_ALERT_THRESHOLD,
    windowHours: SECURITY_ALERT_WINDOW_HOURS,
    defaultDays: ANALYTICS_DEFAULT_DAYS,
    maxDays: ANALYTICS_MAX_DAYS,
    dailyDays: ANALYTICS_DAILY_UP_TO_DAYS,
    maxRows: REPORT_MAX_ROWS,
  };
}

/** An address naming a part (/docs/analytics#dashboard, or a contents link) brings it into view and moves focus to its heading. */
function useHashTarget() {
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!target) return;
    target.scrollIntoView?.({ block: 'start' });
    target.querySelector<HTMLElement>('h2, h3')?.focus({ preventScroll: true });
  }, [hash]);
}

export function AnalyticsHelpPage() {
  const { t, i18n } = useTranslation('docs');
  useHashTarget();
  const values = { ...useValues(), maxRows: new Intl.NumberFormat(i18n.language).format(REPORT_MAX_ROWS) };
  const contents = [
    { id: 'basics', title: t('analytics.basics.title'), figures: [] as { id: string; title: string }[] },
    {
      id: ANALYTICS_HELP_ANCHORS.dashboard,
      title: t('analytics.dashboard.title'),
      figures: DASHBOARD_FIGURES.map((figure) => ({
        id: anchorOf('dashboard', figure),
        title: t(`analytics.dashboard.${figure}.title`, values),
      })),
    },
    {
      id: ANALYTICS_HELP_ANCHORS.analytics,
      title: t('analytics.analytics.title'),
      figures: ANALYTICS_FIGURES.map((figure) => ({
        id: anchorOf('analytics', figure),
        title: t(`analytics.analytics.${figure}.title`),
      })),
    },
    { id: 'tables', title: t('analytics.tables.title'), figures: [] },
  ];
  return (
    <article className="flex max-w-3xl flex-col gap-6" data-testid="analytics-help">
      <h1 className="text-3xl font-semibold tracking-tight">{t('analytics.title')}</h1>
      <p>{t('analytics.intro')}</p>
      <nav aria-labelledby="analytics-help-contents" className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <h2 id="analytics-help-contents" className="text-base font-semibold">
          {t('analytics.contents')}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 ps-6">
          {contents.map((section) => (
            <li key={section.id}>
              <Link to={{ hash: section.id }} className="text-brand-800 underline dark:text-brand-100">
                {section.title}
              </Link>
              {section.figures.length > 0 ? (
                <ul className="mt-1 list-disc space-y-1 ps-6">
                  {section.figures.map((figure) => (
                    <li key={figure.id}>
                      <Link to={{ hash: figure.id }} className="text-brand-800 underline dark:text-brand-100">
                        {figure.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </nav>
      <Section id="basics" title={t('analytics.basics.title')}>
        {(['timeZone', 'weeks', 'statuses', 'when'] as const).map((key) => (
          <p key={key}>{t(`analytics.basics.${key}`)}</p>
        ))}
      </Section>
      <Section id={ANALYTICS_HELP_ANCHORS.dashboard} title={t('analytics.dashboard.title')}>
        <p>{t('analytics.dashboard.intro')}</p>
        {DASHBOARD_FIGURES.map((figure) => (
          <Figure key={figure} group="dashboard" figure={figure} />
        ))}
      </Section>
      <Section id={ANALYTICS_HELP_ANCHORS.analytics} title={t('analytics.analytics.title')}>
        {(['period', 'granularity', 'filters'] as const).map((key) => (
          <p key={key}>{t(`analytics.analytics.${key}`, values)}</p>
        ))}
        {ANALYTICS_FIGURES.map((figure) => (
          <Figure key={figure} group="analytics" figure={figure} />
        ))}
      </Section>
      <Section id="tables" title={t('analytics.tables.title')}>
        {(['tables', 'csv', 'reports'] as const).map((key) => (
          <p key={key}>{t(`analytics.tables.${key}`, values)}</p>
        ))}
      </Section>
    </article>
  );
}

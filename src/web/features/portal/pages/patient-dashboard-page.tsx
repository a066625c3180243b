import { useQuery } from '@tanstack/react-query';
import { CalendarDays, FileText, FlaskConical, Pill, Settings, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathForView } from '../../../../contracts/views';
import { AppointmentQueue } from '../../../components/clinical/appointment-queue';
import { AppointmentItem } from '../../../components/clinical/appointment-item';
import { LabFlagBadge } from '../../../components/clinical/lab-flag';
import { QueryStates } from '../../../components/ui/query-states';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { flaggedComponents, panelTime, sortPanels } from '../../../lib/clinical/labs';
import {
  patientAppointmentsQuery,
  patientLabResultsQuery,
  patientMedicationsQuery,
  patientVitalsQuery,
} from '../../../lib/clinical/queries';
import { measureSeries } from '../../../lib/clinical/vitals';
import { useSession } from '../../../lib/session/use-session';
import { DashboardSection } from '../components/dashboard-section';

const SHOWN = 3;

const QUICK_ACTIONS = [
  { view: 'appointments', label: 'appointments', icon: CalendarDays },
  { view: 'lab-results', label: 'labResults', icon: FlaskConical },
  { view: 'medications', label: 'medications', icon: Pill },
  { view: 'records', label: 'records', icon: FileText },
  { view: 'profile-settings', label: 'settings', icon: Settings },
] as const;

/** The patient dashboard: welcome back, quick actions, appointments, vital signs, medications, lab results. */
export function PatientDashboardPage() {
  const { t } = useTranslation('health');
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight break-words" data-testid="portal-welcome">
          {t('dashboard.welcome', { firstName: user.firstName })}
        </h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('dashboard.intro')}</p>
      </header>

      <nav aria-label={t('dashboard.quickActions')}>
        <h2 className="sr-only">{t('dashboard.quickActions')}</h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {QUICK_ACTIONS.map(({ view, label, icon: Icon }) => (
            <li key={view}>
              <Link
                to={pathForView(view)}
                className="flex h-full items-center gap-2 rounded-xl border border-slate-200 bg-white px-3 py-3 text-sm font-medium text-slate-900 shadow-sm hover:border-brand-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-brand-500"
              >
                <Icon className="size-5 shrink-0 text-brand-700 dark:text-brand-100" aria-hidden="true" />
                <span className="min-w-0 break-words">{t(`dashboard.actions.${label}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <SignInSecurity mfaEnabled={user.mfaEnabled} />

      <div className="grid gap-6 lg:grid-cols-2">
        <UpcomingAppointments patientId={user.id} />
        <RecentAppointments patientId={user.id} />
        <LatestVitals patientId={user.id} />
        <CurrentMedications patientId={user.id} />
        <RecentLabResults patientId={user.id} />
      </div>
    </div>
  );
}

/** Whether two-step sign-in protects this record, with the way to turn it on. */
function SignInSecurity({ mfaEnabled }: { mfaEnabled: boolean }) {
  const { t } = useTranslation('shell');
  const Icon = mfaEnabled ? ShieldCheck : ShieldAlert;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <p className="flex items-center gap-2">
        <Icon
          className={`size-5 shrink-0 ${mfaEnabled ? 'text-emerald-700 dark:text-emerald-400' : 'text-amber-700 dark:text-amber-400'}`}
          aria-hidden="true"
        />
        <span data-testid="portal-mfa-status">{mfaEnabled ? t('portal.security.mfaOn') : t('portal.security.mfaOff')}</span>
      </p>
      <Link
        to={pathForView('profile-settings')}
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-100"
      >
        {mfaEnabled ? t('portal.security.manage') : t('portal.security.turnOn')}
      </Link>
    </div>
  );
}

function AppointmentList({ patientId, when }: { patientId: string; when: 'upcoming' | 'past' }) {
  const { t } = useTranslation('health');
  const query = useQuery(patientAppointmentsQuery(patientId, when));
  return (
    <QueryStates
      query={query}
      errorText={t('errors.appointments')}
      emptyText={when === 'upcoming' ? t('dashboard.noUpcomingAppointments') : t('dashboard.noRecentAppointments')}
      isEmpty={(answer) => answer.data.length === 0}
    >
      {(answer) => (
        <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
          {answer.data.slice(0, SHOWN).map((appointment) => (
            <li key={appointment.id} className="py-2 first:pt-0 last:pb-0">
              <AppointmentItem appointment={appointment} />
              {when === 'upcoming' ? <AppointmentQueue appointment={appointment} /> : null}
            </li>
          ))}
        </ul>
      )}
    </QueryStates>
  );
}

function UpcomingAppointments({ patientId }: { patientId: string }) {
  const { t } = useTranslation('health');
  return (
    <DashboardSection
      title={t('dashboard.upcomingAppointments')}
      to={pathForView('appointments')}
      linkText={t('dashboard.seeAllAppointments')}
      testId="dashboard-upcoming"
    >
      <AppointmentList patientId={patientId} when="upcoming" />
    </DashboardSection>
  );
}

function RecentAppointments({ patientId }: { patientId: string }) {
  const { t } = useTranslation('health');
  return (
    <DashboardSection
      title={t('dashboard.recentAppointments')}
      to={`${pathForView('appointments')}?tab=past`}
      linkText={t('dashboard.seeAllAppointments')}
      testId="dashboard-recent"
    >
      <AppointmentList patientId={patientId} when="past" />
    </DashboardSection>
  );
}

function LatestVitals({ patientId }: { patientId: string }) {
  const { t } = useTranslation('health');
  const format = useClinicalFormat();
  const catalogue = useClinicalCatalogue();
  const query = useQuery(patientVitalsQuery(patientId));
  return (
    <DashboardSection
      title={t('dashboard.vitals')}
      to={pathForView('vitals')}
      linkText={t('dashboard.seeAllVitals')}
      testId="dashboard-vitals"
    >
      <QueryStates
        query={query}
        errorText={t('errors.vitals')}
        emptyText={t('dashboard.noVitals')}
        isEmpty={(vitals) => vitals.length === 0}
      >
        {(vitals) => (
          <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
            {measureSeries(vitals)
              .filter((measure) => measure.key !== 'height')
              .slice(0, 6)
              .map((measure) => {
                const { values, at } = measure.latest;
                const value =
                  measure.key === 'blood-pressure'
                    ? t('vitals.bloodPressureValue', {
                        systolic: format.number(values['blood-pressure-systolic'] ?? Number.NaN),
                        diastolic: format.number(values['blood-pressure-diastolic'] ?? Number.NaN),
                      })
                    : format.number(Object.values(values)[0] ?? Number.NaN);
                return (
                  <div key={measure.key} className="rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800/60">
                    <dt className="text-xs font-medium text-slate-700 dark:text-slate-300">{t(`vitals.measures.${measure.key}`)}</dt>
                    <dd className="text-lg font-semibold tabular-nums">
                      <bdi>
                        {value}&nbsp;<span className="text-sm font-normal">{catalogue.unit(measure.unit)}</span>
                      </bdi>
                    </dd>
                    <dd className="text-xs text-slate-600 dark:text-slate-400">{format.date(new Date(at).toISOString())}</dd>
                  </div>
                );
              })}
          </dl>
        )}
      </QueryStates>
    </DashboardSection>
  );
}

function CurrentMedications({ patientId }: { patientId: string }) {
  const { t } = useTranslation('health');
  const catalogue = useClinicalCatalogue();
  const query = useQuery(patientMedicationsQuery(patientId));
  const current = query.data?.filter((medication) => medication.status === 'active');
  return (
    <DashboardSection
      title={t('dashboard.medications')}
      to={pathForView('medications')}
      linkText={t('dashboard.seeAllMedications')}
      testId="dashboard-medications"
    >
      <QueryStates
        query={{ ...query, data: current }}
        errorText={t('errors.medications')}
        emptyText={t('dashboard.noMedications')}
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
            {list.slice(0, 5).map((medication) => (
              <li key={medication.id} className="py-2 first:pt-0 last:pb-0">
                <p className="font-medium break-words">
                  {catalogue.drug(medication)} <span className="font-normal text-slate-700 dark:text-slate-300">{medication.dosage}</span>
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">{catalogue.frequency(medication.frequency)}</p>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </DashboardSection>
  );
}

function RecentLabResults({ patientId }: { patientId: string }) {
  const { t } = useTranslation('health');
  const format = useClinicalFormat();
  const catalogue = useClinicalCatalogue();
  const query = useQuery(patientLabResultsQuery(patientId));
  return (
    <DashboardSection
      title={t('dashboard.labResults')}
      to={pathForView('lab-results')}
      linkText={t('dashboard.seeAllLabResults')}
      testId="dashboard-labs"
    >
      <QueryStates
        query={query}
        errorText={t('errors.labResults')}
        emptyText={t('dashboard.noLabResults')}
        isEmpty={(panels) => panels.length === 0}
      >
        {(panels) => (
          <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
            {sortPanels(panels)
              .slice(0, SHOWN)
              .map((panel) => {
                const flagged = flaggedComponents(panel);
                const worst = flagged.find((component) => component.flag === 'critical') ?? flagged[0];
                return (
                  <li key={panel.id} className="flex flex-wrap items-center justify-between gap-2 py-2 first:pt-0 last:pb-0">
                    <div className="min-w-0">
                      <p className="font-medium break-words">{catalogue.lab(panel.panelCode, panel.panelName)}</p>
                      <p className="text-sm text-slate-700 dark:text-slate-300">
                        <time dateTime={panelTime(panel)}>{format.date(panelTime(panel))}</time>
                        {' · '}
                        {flagged.length > 0 ? t('dashboard.abnormalCount', { count: flagged.length }) : t('dashboard.allInRange')}
                      </p>
                    </div>
                    {worst ? <LabFlagBadge flag={worst.flag} /> : <LabFlagBadge flag="normal" />}
                  </li>
                );
              })}
          </ul>
        )}
      </QueryStates>
    </DashboardSection>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonName } from '../../../lib/person-name';
import { Link } from 'react-router';
import { pathForView } from '../../../../contracts/views';
import { InlineLoading, QueryError } from '../../../components/ui/query-states';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { useSession } from '../../../lib/session/use-session';
import { patientDetailQuery } from '../api/chart';
import { ViewFrame } from '../components/chart-view';

/** The relationship an emergency contact has when none was given (stored data, shown translated). */
const DEFAULT_RELATIONSHIP = 'Emergency Contact';

/** Whole years from a calendar date (YYYY-MM-DD) to `today`. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [year = 0, month = 1, day = 1] = dateOfBirth.split('-').map(Number);
  let age = today.getFullYear() - year;
  if (today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day)) age -= 1;
  return age;
}

function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Demographics (read-only for a patient): who the patient is to the organisation.
 * What they may change themself is changed in profile settings.
 */
export function DemographicsPage() {
  const { t, i18n } = useTranslation(['health', 'registration']);
  const nameOf = usePersonName();
  const format = useClinicalFormat();
  const { user } = useSession();
  const query = useQuery({ ...patientDetailQuery(user?.id ?? ''), enabled: Boolean(user) });
  if (!user) return null;

  const translated = (key: string, value: string | null): ReactNode => {
    if (!value) return <NotGiven />;
    const full = `registration:${key}.${value}`;
    return i18n.exists(full) ? t(full as 'registration:genders.male') : value;
  };

  return (
    <ViewFrame title={t('demographics.title')} intro={t('demographics.intro')}>
      <p>
        <Link
          to={`${pathForView('profile-settings')}#profile`}
          className="font-medium text-brand-800 underline underline-offset-2 dark:text-brand-100"
        >
          {t('demographics.editLink')}
        </Link>
      </p>
      {query.isPending ? (
        <InlineLoading />
      ) : query.isError ? (
        <QueryError message={t('errors.demographics')} onRetry={() => void query.refetch()} />
      ) : (
        (() => {
          const patient = query.data;
          const contact = patient.emergencyContact;
          return (
            <>
              <FactGroup title={t('demographics.personal')}>
                <Fact label={t('demographics.name')}>{nameOf(patient)}</Fact>
                <Fact label={t('demographics.dateOfBirth')}>
                  {patient.dateOfBirth ? (
                    t('demographics.birthWithAge', {
                      date: format.calendarDate(patient.dateOfBirth),
                      count: ageOn(patient.dateOfBirth, new Date()),
                    })
                  ) : (
                    <NotGiven />
                  )}
                </Fact>
                <Fact label={t('demographics.gender')}>{translated('genders', patient.gender)}</Fact>
                <Fact label={t('demographics.mrn')}>
                  <bdi className="font-mono">{patient.medicalRecordNumber}</bdi>
                </Fact>
                <Fact label={t('demographics.maritalStatus')}>{translated('maritalStatuses', patient.maritalStatus)}</Fact>
                <Fact label={t('demographics.occupation')}>{patient.occupation || <NotGiven />}</Fact>
                <Fact label={t('demographics.preferredLanguage')}>{translated('languages', patient.preferredLanguage)}</Fact>
              </FactGroup>
              <FactGroup title={t('demographics.contact')}>
                <Fact label={t('demographics.address')}>{patient.address || <NotGiven />}</Fact>
                <Fact label={t('demographics.country')}>
                  {patient.country ? countryName(format.locale, patient.country) : <NotGiven />}
                </Fact>
                <Fact label={t('demographics.phone')}>{patient.phone ? <bdi>{patient.phone}</bdi> : <NotGiven />}</Fact>
                <Fact label={t('demographics.email')}>
                  <bdi className="break-all">{patient.email}</bdi>
                </Fact>
              </FactGroup>
              <FactGroup title={t('demographics.emergencyContact')}>
                {contact ? (
                  <>
                    <Fact label={t('demographics.contactName')}>{contact.name || <NotGiven />}</Fact>
                    <Fact label={t('demographics.contactPhone')}>{contact.phone ? <bdi>{contact.phone}</bdi> : <NotGiven />}</Fact>
                    <Fact label={t('demographics.relationship')}>
                      {!contact.relationship || contact.relationship === DEFAULT_RELATIONSHIP
                        ? t('demographics.defaultRelationship')
                        : contact.relationship}
                    </Fact>
                  </>
                ) : (
                  <Fact label={t('demographics.contactName')}>{t('demographics.noEmergencyContact')}</Fact>
                )}
              </FactGroup>
              <FactGroup title={t('demographics.insurance')}>
                <Fact label={t('demographics.insuranceProvider')}>{patient.insuranceProvider || <NotGiven />}</Fact>
                <Fact label={t('demographics.policyNumber')}>
                  {patient.insurancePolicyNumber ? <bdi className="font-mono">{patient.insurancePolicyNumber}</bdi> : <NotGiven />}
                </Fact>
              </FactGroup>
            </>
          );
        })()
      )}
    </ViewFrame>
  );
}

function NotGiven() {
  const { t } = useTranslation('health');
  return <span className="text-slate-600 dark:text-slate-400">{t('notRecorded')}</span>;
}

function FactGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 className="text-xl font-semibold">{title}</h2>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">{children}</dl>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

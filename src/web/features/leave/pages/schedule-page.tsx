import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSection } from '../../../components/ui/page-section';
import { QueryStates } from '../../../components/ui/query-states';
import { availabilityQuery } from '../api/leave';
import { CoverageOffers, MyCoverage } from '../components/coverage-lists';
import { HoursEditor } from '../components/hours-editor';
import { MyLeaveList, RequestLeaveForm } from '../components/leave-requests';

/** A doctor's schedule and leave: weekly hours and time off, leave requests, and coverage both ways. */
export function SchedulePage() {
  const { t } = useTranslation('leave');
  const availability = useQuery(availabilityQuery());
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('intro')}</p>
      </header>
      <PageSection title={t('coverage.title')} testId="coverage-offers">
        <CoverageOffers />
      </PageSection>
      <PageSection title={t('hours.title')} testId="weekly-hours">
        <QueryStates query={availability} errorText={t('hours.loadFailed')} emptyText="" isEmpty={() => false}>
          {(data) => <HoursEditor availability={data} />}
        </QueryStates>
      </PageSection>
      <PageSection title={t('request.title')} testId="request-leave-section">
        <RequestLeaveForm />
      </PageSection>
      <PageSection title={t('list.title')} testId="my-leave">
        <MyLeaveList />
      </PageSection>
      <PageSection title={t('mine.title')} testId="my-coverage-section">
        <MyCoverage />
      </PageSection>
    </div>
  );
}

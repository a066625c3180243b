import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDICATION_STATUSES, type MedicationStatus } from '../../../../contracts/medications';
import type { Prescription } from '../../../../contracts/prescribing';
import type { PendingRefill, RefillDecision } from '../../../../contracts/refill-requests';
import { Button } from '../../../components/ui/button';
import { PageSection } from '../../../components/ui/page-section';
import { QueryStates } from '../../../components/ui/query-states';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { usePersonName } from '../../../lib/person-name';
import { useSession } from '../../../lib/session/use-session';
import { pendingRefillsQuery, prescriptionsQuery } from '../api/prescribing';
import { ChangePrescriptionDialog } from '../components/change-prescription-dialog';
import { DecideRefillDialog } from '../components/decide-refill-dialog';
import { PrescriptionDialog } from '../components/prescription-form';
import { FilterButtons, useFilterAndPage } from '../../../components/ui/filter-buttons';
import { PagedList } from '../../../components/ui/paged-list';

/** A doctor's medications view: refill requests waiting for them, what they prescribed, and new prescriptions. */
export function PrescribingPage() {
  const { t } = useTranslation('prescribing');
  const { user } = useSession();
  const [writing, setWriting] = useState(false);
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{t('intro')}</p>
        </div>
        <Button onClick={() => setWriting(true)} data-testid="new-prescription">
          <Plus className="size-4" aria-hidden="true" />
          {t('form.open')}
        </Button>
      </header>
      <PendingRefills />
      <Prescriptions doctorId={user.id} />
      {writing ? <PrescriptionDialog onClose={() => setWriting(false)} /> : null}
    </div>
  );
}

function PendingRefills() {
  const { t } = useTranslation('prescribing');
  const format = useClinicalFormat();
  const catalogue = useClinicalCatalogue();
  const nameOf = usePersonName();
  const query = useQuery(pendingRefillsQuery());
  const [deciding, setDeciding] = useState<{ request: PendingRefill; decision: RefillDecision } | null>(null);
  return (
    <PageSection title={t('refills.title')} testId="pending-refills">
      <QueryStates query={query} errorText={t('refills.loadFailed')} emptyText={t('refills.none')} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <ul className="flex flex-col gap-3">
            {list.map((request) => (
              <li
                key={request.id}
                data-testid="pending-refill"
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              >
                <div className="min-w-0">
                  <p className="font-semibold break-words">{catalogue.drug({ ...request, name: request.medicationName })}</p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {t('refills.for', { patient: nameOf(request.patient), date: format.date(request.requestedAt) })} · {request.dosage} ·{' '}
                    {catalogue.frequency(request.frequency)}
                  </p>
                  {request.note ? <p className="mt-1 text-sm break-words">{t('refills.note', { note: request.note })}</p> : null}
                </div>
                <div className="flex gap-2">
                  <Button
                    onClick={() => setDeciding({ request, decision: 'approve' })}
                    aria-label={t('refills.approveFor', {
                      medication: catalogue.drug({ ...request, name: request.medicationName }),
                      patient: nameOf(request.patient),
                    })}
                  >
                    {t('refills.approve')}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => setDeciding({ request, decision: 'deny' })}
                    aria-label={t('refills.denyFor', {
                      medication: catalogue.drug({ ...request, name: request.medicationName }),
                      patient: nameOf(request.patient),
                    })}
                  >
                    {t('refills.deny')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      {deciding ? <DecideRefillDialog request={deciding.request} decision={deciding.decision} onClose={() => setDeciding(null)} /> : null}
    </PageSection>
  );
}

const FILTERS = ['all', ...MEDICATION_STATUSES] as const;

function Prescriptions({ doctorId }: { doctorId: string }) {
  const { t } = useTranslation('prescribing');
  const format = useClinicalFormat();
  const catalogue = useClinicalCatalogue();
  const nameOf = usePersonName();
  const { filter, page, chooseFilter, setPage } = useFilterAndPage<(typeof FILTERS)[number]>('active');
  const status: MedicationStatus | undefined = filter === 'all' ? undefined : filter;
  const query = useQuery({ ...prescriptionsQuery(doctorId, status, page), placeholderData: (previous) => previous });
  const [changing, setChanging] = useState<{ prescription: Prescription; change: 'discontinue' | 'renew' } | null>(null);
  return (
    <PageSection title={t('list.title')} testId="prescriptions">
      <FilterButtons
        values={FILTERS}
        value={filter}
        label={t('list.filter')}
        textOf={(value) => t(`list.filters.${value}`)}
        onChange={chooseFilter}
      />
      <PagedList
        query={query}
        page={page}
        onPage={setPage}
        errorText={t('list.loadFailed')}
        emptyText={t('list.none')}
        pagesLabel={t('list.pages')}
        listClassName="grid gap-3 md:grid-cols-2"
      >
        {(prescription) => (
          <li
            key={prescription.id}
            data-testid="prescription"
            className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <h3 className="font-semibold break-words">{catalogue.drug(prescription)}</h3>
            <p className="text-sm text-slate-700 dark:text-slate-300">{nameOf(prescription.patient)}</p>
            <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600 dark:text-slate-400">{t('list.dose')}</dt>
              <dd className="break-words">
                {prescription.dosage} · {catalogue.frequency(prescription.frequency)}
              </dd>
              <dt className="text-slate-600 dark:text-slate-400">{t('list.started')}</dt>
              <dd>{format.calendarDate(prescription.startDate)}</dd>
              {prescription.quantity !== null ? (
                <>
                  <dt className="text-slate-600 dark:text-slate-400">{t('list.supply')}</dt>
                  <dd>{t('list.supplyValue', { quantity: prescription.quantity, refills: prescription.refills ?? 0 })}</dd>
                </>
              ) : null}
              <dt className="text-slate-600 dark:text-slate-400">{t('list.status')}</dt>
              <dd>{t(`list.filters.${prescription.status}`)}</dd>
              {prescription.discontinuedReason ? (
                <>
                  <dt className="text-slate-600 dark:text-slate-400">{t('list.stoppedBecause')}</dt>
                  <dd className="break-words">{prescription.discontinuedReason}</dd>
                </>
              ) : null}
              {prescription.overrideReason ? (
                <>
                  <dt className="text-slate-600 dark:text-slate-400">{t('list.overridden')}</dt>
                  <dd className="break-words">{prescription.overrideReason}</dd>
                </>
              ) : null}
            </dl>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                onClick={() => setChanging({ prescription, change: 'renew' })}
                aria-label={t('list.renewFor', { name: prescription.name, patient: nameOf(prescription.patient) })}
              >
                {t('list.renew')}
              </Button>
              {prescription.status === 'active' ? (
                <Button
                  variant="ghost"
                  onClick={() => setChanging({ prescription, change: 'discontinue' })}
                  aria-label={t('list.discontinueFor', { name: prescription.name, patient: nameOf(prescription.patient) })}
                >
                  {t('list.discontinue')}
                </Button>
              ) : null}
            </div>
          </li>
        )}
      </PagedList>
      {changing ? (
        <ChangePrescriptionDialog prescription={changing.prescription} change={changing.change} onClose={() => setChanging(null)} />
      ) : null}
    </PageSection>
  );
}

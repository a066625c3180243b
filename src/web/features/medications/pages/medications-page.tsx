import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Allergy } from '../../../../contracts/health-records';
import { MEDICATION_ROUTES } from '../../../../contracts/clinical-catalogue';
import type { Medication } from '../../../../contracts/medications';
import type { RefillRequest } from '../../../../contracts/refill-requests';
import { Button } from '../../../components/ui/button';
import { QueryStates } from '../../../components/ui/query-states';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { patientAllergiesQuery, patientMedicationsQuery } from '../../../lib/clinical/queries';
import { useSession } from '../../../lib/session/use-session';
import { latestByMedication, refillRequestsQuery } from '../api/refill-requests';
import { RefillDialog } from '../components/refill-dialog';
import { RefillStatus } from '../components/refill-status';
import { SharePanel } from '../components/share-panel';
import { PageSection } from '../../../components/ui/page-section';
import { useDoctorName } from '../../../lib/person-name';

/**
 * Medications for a patient: current and past medicines, allergies beside them, refill
 * requests of current ones and links to share the list.
 */
export function MedicationsPage() {
  const { t } = useTranslation('health');
  const { user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">{t('medications.title')}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t('medications.intro')}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <MedicationLists patientId={user.id} />
        <div className="flex min-w-0 flex-col gap-6">
          <AllergyList patientId={user.id} />
          <SharePanel />
        </div>
      </div>
    </div>
  );
}

function MedicationLists({ patientId }: { patientId: string }) {
  const { t } = useTranslation(['health', 'medications']);
  const query = useQuery(patientMedicationsQuery(patientId));
  const current = query.data?.filter((medication) => medication.status === 'active');
  const past = query.data?.filter((medication) => medication.status !== 'active');
  const refills = useQuery(refillRequestsQuery(patientId));
  const [refilling, setRefilling] = useState<Medication | null>(null);
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageSection title={t('medications.current')} testId="medications-current">
        <QueryStates
          query={{ ...query, data: current }}
          errorText={t('errors.medications')}
          emptyText={t('medications.noCurrent')}
          isEmpty={(list) => list.length === 0}
        >
          {(list) => (
            <>
              {refills.isError ? (
                <p role="alert" className="text-sm text-red-800 dark:text-red-300">
                  {t('medications:refill.loadFailed')}
                </p>
              ) : null}
              <MedicationCards
                medications={list}
                refill={(medication) => (
                  <RefillSection
                    medication={medication}
                    latest={refills.data ? latestByMedication(refills.data).get(medication.id) : undefined}
                    ready={refills.isSuccess}
                    onRequest={() => setRefilling(medication)}
                  />
                )}
              />
            </>
          )}
        </QueryStates>
      </PageSection>
      {refilling ? <RefillDialog medication={refilling} patientId={patientId} onClose={() => setRefilling(null)} /> : null}
      {query.isSuccess ? (
        <PageSection title={t('medications.past')} testId="medications-past">
          {past && past.length > 0 ? <MedicationCards medications={past} /> : <p className="text-sm">{t('medications.noPast')}</p>}
        </PageSection>
      ) : null}
    </div>
  );
}

/** A current medication's latest refill and the way to ask for one (when nothing is pending). */
function RefillSection({
  medication,
  latest,
  ready,
  onRequest,
}: {
  medication: Medication;
  latest: RefillRequest | undefined;
  ready: boolean;
  onRequest: () => void;
}) {
  const { t } = useTranslation('medications');
  const catalogue = useClinicalCatalogue();
  const pending = latest?.status === 'requested';
  return (
    <div className="mt-3 flex flex-col items-start gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
      {latest ? <RefillStatus request={latest} /> : null}
      {medication.prescriberId === null ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('refill.outside')}</p>
      ) : ready && !pending ? (
        <Button variant="secondary" onClick={onRequest} aria-label={t('refill.actionFor', { name: catalogue.drug(medication) })}>
          <RefreshCw className="size-4" aria-hidden="true" />
          {t('refill.action')}
        </Button>
      ) : null}
    </div>
  );
}

function MedicationCards({ medications, refill }: { medications: Medication[]; refill?: (medication: Medication) => ReactNode }) {
  const { t } = useTranslation('health');
  const format = useClinicalFormat();
  const catalogue = useClinicalCatalogue();
  const doctorName = useDoctorName();
  const routeLabel = (route: string | null) =>
    route === null
      ? t('medications.unknown')
      : (MEDICATION_ROUTES as readonly string[]).includes(route)
        ? t(`medications.routes.${route as (typeof MEDICATION_ROUTES)[number]}`)
        : route;
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {medications.map((medication) => (
        <li
          key={medication.id}
          data-testid="medication-card"
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <h3 className="font-semibold break-words">{catalogue.drug(medication)}</h3>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600 dark:text-slate-400">{t('medications.dosage')}</dt>
            <dd className="break-words">{medication.dosage}</dd>
            <dt className="text-slate-600 dark:text-slate-400">{t('medications.frequency')}</dt>
            <dd className="break-words">{catalogue.frequency(medication.frequency)}</dd>
            <dt className="text-slate-600 dark:text-slate-400">{t('medications.route')}</dt>
            <dd className="break-words">{routeLabel(medication.route)}</dd>
            <dt className="text-slate-600 dark:text-slate-400">{t('medications.prescriber')}</dt>
            <dd className="break-words">{medication.prescriber ? doctorName(medication.prescriber) : t('medications.unknown')}</dd>
            <dt className="text-slate-600 dark:text-slate-400">{t('medications.startDate')}</dt>
            <dd>{format.calendarDate(medication.startDate)}</dd>
            {medication.endDate ? (
              <>
                <dt className="text-slate-600 dark:text-slate-400">{t('medications.endDate')}</dt>
                <dd>{format.calendarDate(medication.endDate)}</dd>
              </>
            ) : null}
          </dl>
          {medication.instructions ? (
            <p className="mt-2 text-sm break-words text-slate-700 dark:text-slate-300">
              {t('medications.instructions', { text: medication.instructions })}
            </p>
          ) : null}
          {refill ? refill(medication) : null}
        </li>
      ))}
    </ul>
  );
}

function AllergyList({ patientId }: { patientId: string }) {
  const { t } = useTranslation('health');
  const catalogue = useClinicalCatalogue();
  const query = useQuery(patientAllergiesQuery(patientId));
  return (
    <aside className="min-w-0">
      <PageSection title={t('allergies.title')} testId="allergies">
        <QueryStates query={query} errorText={t('errors.allergies')} emptyText={t('allergies.none')} isEmpty={(list) => list.length === 0}>
          {(list) => (
            <ul className="flex flex-col gap-3">
              {[...list].sort(bySeverity).map((allergy) => (
                <li
                  key={allergy.id}
                  data-testid="allergy-item"
                  className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50"
                >
                  <p className="flex items-start gap-2 font-semibold break-words">
                    <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    {catalogue.allergen(allergy.code, allergy.allergen)}
                  </p>
                  <p className="mt-1 text-sm">
                    {t(`allergies.type.${allergy.type}`)} · {t(`allergies.severity.${allergy.severity}`)}
                    {allergy.status === 'inactive' ? ` · ${t('allergies.inactive')}` : ''}
                  </p>
                  {allergy.reaction ? (
                    <p className="mt-1 text-sm break-words">{t('allergies.reaction', { reaction: allergy.reaction })}</p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </PageSection>
    </aside>
  );
}

const SEVERITY_ORDER = { severe: 0, moderate: 1, mild: 2 } as const;

function bySeverity(a: Allergy, b: Allergy): number {
  return SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity];
}

import { useTranslation } from 'react-i18next';
import { MEDICAL_HISTORY_CATEGORIES, type PatientChart } from '../../../../contracts/health-records';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { ChartSection, ChartView, RecordCard, StatusBadge } from '../components/chart-view';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';

type HistoryEntry = PatientChart['medicalHistory'][number];

/** Newest first; entries without a date last. */
function byDate(a: HistoryEntry, b: HistoryEntry): number {
  return (b.occurredOn ?? '').localeCompare(a.occurredOn ?? '');
}

/**
 * Medical history (read-only for a patient): allergies, past conditions, surgeries,
 * hospitalisations and injuries, and family history.
 */
export function MedicalHistoryPage() {
  const { t } = useTranslation('health');
  const format = useClinicalFormat();
  const catalogue = useClinicalCatalogue();
  return (
    <ChartView title={t('history.title')} intro={t('history.intro')} errorText={t('errors.history')}>
      {({ allergies, medicalHistory, familyHistory }) => (
        <>
          <ChartSection
            title={t('history.allergies')}
            emptyText={t('history.noAllergies')}
            isEmpty={allergies.length === 0}
            testId="allergies"
          >
            <ul className="flex flex-col gap-3">
              {allergies.map((allergy) => (
                <RecordCard
                  key={allergy.id}
                  testId="allergy"
                  title={catalogue.allergen(allergy.code, allergy.allergen)}
                  badge={
                    <StatusBadge tone={allergy.status === 'active' ? 'active' : 'neutral'}>
                      {t(`history.allergyStatus.${allergy.status}`)}
                    </StatusBadge>
                  }
                  facts={[
                    { label: t('history.allergyType'), value: t(`history.allergyTypes.${allergy.type}`) },
                    { label: t('history.severity'), value: t(`history.severities.${allergy.severity}`) },
                    ...(allergy.reaction ? [{ label: t('history.reaction'), value: allergy.reaction }] : []),
                  ]}
                />
              ))}
            </ul>
          </ChartSection>
          {MEDICAL_HISTORY_CATEGORIES.map((category) => {
            const entries = medicalHistory.filter((entry) => entry.category === category).sort(byDate);
            return (
              <ChartSection
                key={category}
                title={t(`history.categories.${category}`)}
                emptyText={t(`history.empty.${category}`)}
                isEmpty={entries.length === 0}
                testId={`history-${category}`}
              >
                <ul className="flex flex-col gap-3">
                  {entries.map((entry) => (
                    <RecordCard
                      key={entry.id}
                      testId="history-entry"
                      title={entry.description}
                      facts={[
                        { label: t('history.date'), value: entry.occurredOn ? format.calendarDate(entry.occurredOn) : t('unknownDate') },
                        ...(entry.notes ? [{ label: t('history.notes'), value: entry.notes }] : []),
                      ]}
                    />
                  ))}
                </ul>
              </ChartSection>
            );
          })}
          <ChartSection
            title={t('history.family')}
            emptyText={t('history.noFamily')}
            isEmpty={familyHistory.length === 0}
            testId="family-history"
          >
            <ul className="flex flex-col gap-3">
              {familyHistory.map((entry) => (
                <RecordCard
                  key={entry.id}
                  testId="family-entry"
                  title={entry.condition}
                  facts={[
                    { label: t('history.relative'), value: entry.relationship },
                    {
                      label: t('history.onsetAge'),
                      value: entry.onsetAge === null ? t('notRecorded') : t('history.years', { count: entry.onsetAge }),
                    },
                    ...(entry.icd10Code ? [{ label: t('problems.icd10'), value: <bdi className="font-mono">{entry.icd10Code}</bdi> }] : []),
                  ]}
                />
              ))}
            </ul>
          </ChartSection>
        </>
      )}
    </ChartView>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LabComponent, LabPanel } from '../../../../contracts/health-records';
import { LabFlagBadge } from '../../../components/clinical/lab-flag';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { quantity, useClinicalFormat } from '../../../lib/clinical/format';
import { flaggedComponents, panelTime } from '../../../lib/clinical/labs';
import { useDoctorName } from '../../../lib/person-name';

/** One released panel: each component's value, unit, reference range and flag, and what it measures. */
export function LabPanelCard({ panel }: { panel: LabPanel }) {
  const { t, i18n } = useTranslation('health');
  const format = useClinicalFormat();
  const catalogue = useClinicalCatalogue();
  const doctorName = useDoctorName();
  const headingId = useId();
  const flagged = flaggedComponents(panel).length;
  const when = format.date(panelTime(panel));

  const range = (component: LabComponent) => {
    const low = component.referenceLow === null ? null : format.number(component.referenceLow);
    const high = component.referenceHigh === null ? null : format.number(component.referenceHigh);
    if (low !== null && high !== null) return t('labs.rangeBetween', { low, high });
    if (low !== null) return t('labs.rangeAtLeast', { low });
    if (high !== null) return t('labs.rangeAtMost', { high });
    return t('labs.rangeNone');
  };

  return (
    <section
      aria-labelledby={headingId}
      data-testid="lab-panel"
      data-panel-id={panel.id}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold break-words">
          {catalogue.lab(panel.panelCode, panel.panelName)}
        </h2>
        {flagged > 0 ? (
          <span className="text-sm font-medium text-amber-900 dark:text-amber-100">{t('labs.flaggedCount', { count: flagged })}</span>
        ) : null}
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {panel.orderer
          ? t('labs.panelMeta', { date: when, doctor: doctorName(panel.orderer) })
          : t('labs.panelMetaNoDoctor', { date: when })}
      </p>
      <ul className="mt-3 flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
        {panel.components.map((component) => {
          const explanationKey = `labs.explain.${component.loincCode}`;
          const explanation = i18n.exists(explanationKey, { ns: 'health' }) ? t(explanationKey as 'labs.explain.718-7') : null;
          return (
            <li key={component.id} className="flex flex-col gap-1 py-2" data-testid="lab-component" data-flag={component.flag}>
              <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                <p className="font-medium break-words">{catalogue.lab(component.loincCode, component.name)}</p>
                <LabFlagBadge flag={component.flag} />
              </div>
              <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
                <div className="flex gap-1">
                  <dt className="text-slate-600 dark:text-slate-400">{t('labs.value')}:</dt>
                  <dd className="font-semibold tabular-nums">{quantity(format.number(component.value), catalogue.unit(component.unit))}</dd>
                </div>
                <div className="flex gap-1">
                  <dt className="text-slate-600 dark:text-slate-400">{t('labs.range')}:</dt>
                  <dd className="tabular-nums">
                    <bdi>{range(component)}</bdi>
                  </dd>
                </div>
              </dl>
              {explanation ? (
                <details className="text-sm">
                  <summary className="cursor-pointer text-brand-800 dark:text-brand-100">{t('labs.whatItMeasures')}</summary>
                  <p className="mt-1 text-slate-700 dark:text-slate-300">{explanation}</p>
                </details>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PrescriptionWarning } from '../../../../contracts/prescribing';

/** What the prescription runs into, each in words, announced as it appears. */
export function PrescriptionWarnings({ warnings }: { warnings: readonly PrescriptionWarning[] }) {
  const { t } = useTranslation('prescribing');
  if (warnings.length === 0) return null;
  return (
    <div
      role="alert"
      data-testid="prescription-warnings"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {t('warnings.title')}
      </p>
      <ul className="mt-2 list-disc ps-5 text-sm">
        {warnings.map((warning, index) => (
          <li key={index} data-testid={`warning-${warning.kind}`}>
            {warning.kind === 'allergy'
              ? t('warnings.allergy', { allergen: warning.allergen, reaction: warning.reaction ?? t('warnings.noReaction') })
              : warning.kind === 'duplicate'
                ? warning.group
                  ? t('warnings.duplicateGroup', { medication: warning.medicationName, group: t(`groups.${warning.group}`) })
                  : t('warnings.duplicate', { medication: warning.medicationName })
                : t('warnings.interaction', {
                    medication: warning.medicationName,
                    severity: t(`severities.${warning.severity}`),
                    effect: t(`effects.${warning.effect}`),
                  })}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">{t('warnings.overrideHint')}</p>
    </div>
  );
}

import { AlertOctagon, ArrowDown, ArrowUp, Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LabFlag } from '../../../contracts/health-records';

const FLAG_STYLE: Record<LabFlag, { icon: typeof Check; tone: string }> = {
  normal: {
    icon: Check,
    tone: 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100',
  },
  high: {
    icon: ArrowUp,
    tone: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100',
  },
  low: {
    icon: ArrowDown,
    tone: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100',
  },
  critical: { icon: AlertOctagon, tone: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100' },
};

/** A lab flag told by word and icon, not by colour alone (WCAG 1.4.1). */
export function LabFlagBadge({ flag }: { flag: LabFlag }) {
  const { t } = useTranslation('health');
  const { icon: Icon, tone } = FLAG_STYLE[flag];
  return (
    <span className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold ${tone}`} data-flag={flag}>
      <Icon className="size-3.5" aria-hidden="true" />
      {t(`labs.flags.${flag}`)}
    </span>
  );
}

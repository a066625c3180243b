import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { RefillRequest } from '../../../../contracts/refill-requests';
import { useClinicalFormat } from '../../../lib/clinical/format';

const ICONS = { requested: Clock, approved: CheckCircle2, denied: XCircle } as const;
const TONES = {
  requested: 'text-amber-900 dark:text-amber-200',
  approved: 'text-emerald-800 dark:text-emerald-300',
  denied: 'text-red-800 dark:text-red-300',
} as const;

/** The latest refill request of a medication: requested, approved or denied, with its date. */
export function RefillStatus({ request }: { request: RefillRequest }) {
  const { t } = useTranslation('medications');
  const format = useClinicalFormat();
  const Icon = ICONS[request.status];
  const date = format.date(request.decidedAt ?? request.requestedAt);
  return (
    <div data-testid="refill-status" data-status={request.status}>
      <p className={`flex items-center gap-2 text-sm font-medium ${TONES[request.status]}`}>
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {t(`refill.status.${request.status}`, { date })}
      </p>
      {request.status === 'denied' && request.decisionReason ? (
        <p className="mt-1 text-sm break-words text-slate-700 dark:text-slate-300">
          {t('refill.deniedReason', { reason: request.decisionReason })}
        </p>
      ) : null}
    </div>
  );
}

import { Check, Play, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { VISIT_TRANSITIONS, type ScheduleItem, type VisitAction } from '../../../../contracts/doctor-portal';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { useVisitStep } from '../api/doctor-portal';

// The steps a doctor can take on one visit right now: start it (scheduled or checked in), complete
// it (in progress), or mark it a no-show (scheduled or checked in, once its start has passed). The
// server decides again; a refusal is said in words, and the lists refresh either way.

const ICONS = { start: Play, complete: Check, 'no-show': UserX } as const;

export function availableSteps(item: ScheduleItem, now: number): VisitAction[] {
  return (Object.keys(VISIT_TRANSITIONS) as VisitAction[]).filter((action) => {
    const from: readonly string[] = VISIT_TRANSITIONS[action].from;
    if (!from.includes(item.status)) return false;
    return action !== 'no-show' || Date.parse(item.startsAt) <= now;
  });
}

export function VisitActions({
  item,
  now,
  onNotice,
}: {
  item: ScheduleItem;
  now: number;
  onNotice: (message: string, kind: 'success' | 'error') => void;
}) {
  const { t } = useTranslation('doctor-portal');
  const nameOf = usePersonName();
  const step = useVisitStep();
  const steps = availableSteps(item, now);
  if (steps.length === 0) return null;
  const name = nameOf(item.patient);
  const take = (action: VisitAction) =>
    step.mutate(
      { id: item.id, action },
      {
        onSuccess: () => onNotice(t(`actions.done.${action}`, { name }), 'success'),
        onError: (error) => onNotice(errorText(t, error, t('actions.failed')), 'error'),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      {steps.map((action) => {
        const Icon = ICONS[action];
        return (
          <Button
            key={action}
            variant={action === 'no-show' ? 'secondary' : 'primary'}
            className="min-h-9 px-3 py-1"
            disabled={step.isPending}
            aria-label={t(`actions.${action}For`, { name })}
            onClick={() => take(action)}
            data-testid={`visit-${action}`}
          >
            <Icon className="size-4" aria-hidden="true" />
            {t(`actions.${action}`)}
          </Button>
        );
      })}
    </div>
  );
}

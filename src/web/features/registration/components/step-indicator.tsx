import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isStepReachable, STEP_NUMBERS, WIZARD_STEPS, type StepNumber } from '../lib/wizard';

interface StepIndicatorProps {
  current: StepNumber;
  /** Asked to move; the wizard decides (forward one step only when the current step is valid). */
  onSelect: (step: StepNumber) => void;
  disabled?: boolean;
}

/** The steps can be clicked only backwards or one step forward. */
export function StepIndicator({ current, onSelect, disabled = false }: StepIndicatorProps) {
  const { t } = useTranslation('registration');
  return (
    <nav aria-label={t('steps.navigation')}>
      <ol className="grid grid-cols-3 gap-2">
        {STEP_NUMBERS.map((step) => {
          const state = step < current ? 'done' : step === current ? 'current' : 'upcoming';
          const reachable = isStepReachable(current, step);
          return (
            <li key={step}>
              <button
                type="button"
                onClick={() => onSelect(step)}
                disabled={disabled || !reachable}
                aria-current={state === 'current' ? 'step' : undefined}
                className="group flex w-full flex-col items-center gap-1 rounded-lg p-2 text-center text-xs font-medium text-slate-700 enabled:hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-70 sm:flex-row sm:text-start sm:text-sm dark:text-slate-300 dark:enabled:hover:bg-slate-800"
              >
                <span
                  aria-hidden="true"
                  className={`flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold ${
                    state === 'upcoming'
                      ? 'border-slate-400 text-slate-600 dark:border-slate-500 dark:text-slate-300'
                      : 'border-brand-700 bg-brand-700 text-white dark:border-brand-500 dark:bg-brand-700'
                  }`}
                >
                  {state === 'done' ? <Check className="size-4" /> : step}
                </span>
                <span className={state === 'current' ? 'text-slate-900 dark:text-white' : undefined}>
                  <span className="sr-only">{t('steps.number', { step, total: STEP_NUMBERS.length })} </span>
                  {t(`steps.${WIZARD_STEPS[step].key}.short`)}
                  <span className="sr-only"> ({t(`steps.state.${state}`)})</span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

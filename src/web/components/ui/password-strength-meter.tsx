import { useTranslation } from 'react-i18next';
import { passwordStrength, strengthLabel, type StrengthLabel } from '../../../contracts/password-strength';

// Password strength (docs/product.md, Sign-in and sessions) counts 8+ characters, lowercase, uppercase,
// digit, special character; up to 2 Weak, 3 Fair, 4 Good, 5 Strong; 3 of 5 is required. Colour is never
// the only signal: the label is written out, and the bar is a meter screen readers announce.

const BAR_COLOURS: Record<StrengthLabel, string> = {
  weak: 'bg-red-600 dark:bg-red-500',
  fair: 'bg-amber-500 dark:bg-amber-400',
  good: 'bg-lime-600 dark:bg-lime-500',
  strong: 'bg-emerald-700 dark:bg-emerald-500',
};

const TEXT_COLOURS: Record<StrengthLabel, string> = {
  weak: 'text-red-700 dark:text-red-400',
  fair: 'text-amber-800 dark:text-amber-300',
  good: 'text-lime-800 dark:text-lime-300',
  strong: 'text-emerald-800 dark:text-emerald-300',
};

export const STRENGTH_RULES = 5;

export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('common');
  const score = passwordStrength(password);
  const label = strengthLabel(score);
  const text = t(`passwordStrength.${label}`);
  return (
    <div id={id} className="flex flex-col gap-1" data-testid="password-strength">
      <div
        role="meter"
        aria-label={t('passwordStrength.label')}
        aria-valuemin={0}
        aria-valuemax={STRENGTH_RULES}
        aria-valuenow={score}
        aria-valuetext={text}
        className="flex gap-1"
      >
        {Array.from({ length: STRENGTH_RULES }, (_, index) => (
          <span
            key={index}
            className={`h-1.5 flex-1 rounded-full ${index < score ? BAR_COLOURS[label] : 'bg-slate-200 dark:bg-slate-700'}`}
            aria-hidden="true"
          />
        ))}
      </div>
      {password ? (
        <p className="text-xs">
          <span className="text-slate-600 dark:text-slate-400">{t('passwordStrength.label')}: </span>
          <span className={`font-medium ${TEXT_COLOURS[label]}`} data-testid="password-strength-label">
            {text}
          </span>
        </p>
      ) : null}
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('passwordStrength.advice')}</p>
    </div>
  );
}

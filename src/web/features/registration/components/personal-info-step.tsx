import { useTranslation } from 'react-i18next';
import { GENDERS } from '../../../../contracts/registration';
import { SelectField, TextField } from './form-fields';
import type { StepFieldsProps } from './step-fields';

/** Spec §5 step 1: every field here is required. */
export function PersonalInfoStep({ field }: StepFieldsProps) {
  const { t } = useTranslation('registration');
  const today = new Date().toISOString().slice(0, 10);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label={t('fields.firstName')} autoComplete="given-name" required {...field('firstName')} />
      <TextField label={t('fields.lastName')} autoComplete="family-name" required {...field('lastName')} />
      <TextField label={t('fields.email')} type="email" autoComplete="email" inputMode="email" required {...field('email')} />
      <TextField label={t('fields.phone')} type="tel" autoComplete="tel" required {...field('phone')} />
      <TextField
        label={t('fields.password')}
        type="password"
        autoComplete="new-password"
        hint={t('hints.password')}
        required
        {...field('password')}
      />
      <TextField label={t('fields.confirmPassword')} type="password" autoComplete="new-password" required {...field('confirmPassword')} />
      <TextField
        label={t('fields.dateOfBirth')}
        type="date"
        autoComplete="bday"
        max={today}
        min="1900-01-01"
        required
        {...field('dateOfBirth')}
      />
      <SelectField
        label={t('fields.gender')}
        required
        options={[{ value: '', label: t('placeholders.gender') }, ...GENDERS.map((value) => ({ value, label: t(`genders.${value}`) }))]}
        {...field('gender')}
      />
    </div>
  );
}

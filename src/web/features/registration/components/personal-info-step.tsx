import { useTranslation } from 'react-i18next';
import { GENDERS } from '../../../../contracts/registration';
import { DateField } from '../../../components/form/date-field';
import { SelectField, TextField } from './form-fields';
import type { DateBinding, StepFieldsProps } from './step-fields';

/** Spec §5 step 1: every field here is required. */
export function PersonalInfoStep({ field, dateOfBirth }: StepFieldsProps & { dateOfBirth: DateBinding }) {
  const { t } = useTranslation('registration');
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
      {/* Day, month and year in the reader's order; from 1900 to today, as the contract checks. */}
      <DateField
        label={t('fields.dateOfBirth')}
        autoComplete="bday"
        required
        marker={
          <span aria-hidden="true" className="text-sm text-red-700 dark:text-red-400">
            *
          </span>
        }
        {...dateOfBirth}
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

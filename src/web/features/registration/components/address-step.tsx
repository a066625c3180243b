import { useTranslation } from 'react-i18next';
import { MARITAL_STATUSES } from '../../../../contracts/registration';
import { SelectField, TextField } from './form-fields';
import type { StepFieldsProps } from './step-fields';

/** Spec §2 step 2: address (street, city, state, ZIP code: required), marital status, occupation. */
export function AddressStep({ field }: StepFieldsProps) {
  const { t } = useTranslation('registration');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label={t('fields.address')} autoComplete="street-address" required className="sm:col-span-2" {...field('address')} />
      <TextField label={t('fields.city')} autoComplete="address-level2" required {...field('city')} />
      <TextField label={t('fields.state')} autoComplete="address-level1" required {...field('state')} />
      <TextField label={t('fields.zipCode')} autoComplete="postal-code" required {...field('zipCode')} />
      <SelectField
        label={t('fields.maritalStatus')}
        options={[
          { value: '', label: t('placeholders.maritalStatus') },
          ...MARITAL_STATUSES.map((value) => ({ value, label: t(`maritalStatuses.${value}`) })),
        ]}
        {...field('maritalStatus')}
      />
      <TextField label={t('fields.occupation')} autoComplete="organization-title" className="sm:col-span-2" {...field('occupation')} />
    </div>
  );
}

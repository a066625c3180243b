import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_COUNTRIES, addressRuleOf, type AddressCountry } from '../../../../contracts/addresses';
import { MARITAL_STATUSES } from '../../../../contracts/registration';
import { SelectField, TextField } from './form-fields';
import type { StepFieldsProps } from './step-fields';

/** The countries the wizard offers, named in the reader's language and sorted for it. */
function useCountryOptions() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(locale);
    return ADDRESS_COUNTRIES.map((value) => ({ value, label: names.of(value) ?? value })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
  }, [locale]);
}

/**
 * Step 2: the country first, then the address lines that country has (street and city always; a
 * state, province or emirate and a ZIP or postal code only where it uses them, required there),
 * marital status and occupation.
 */
export function AddressStep({ field, country }: StepFieldsProps & { country: AddressCountry }) {
  const { t } = useTranslation('registration');
  const countries = useCountryOptions();
  const rule = addressRuleOf(country);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label={t('fields.country')}
        autoComplete="country"
        required
        options={countries}
        className="sm:col-span-2"
        {...field('country')}
      />
      <TextField label={t('fields.address')} autoComplete="street-address" required className="sm:col-span-2" {...field('address')} />
      <TextField label={t('fields.city')} autoComplete="address-level2" required {...field('city')} />
      {rule.region !== 'none' ? (
        <TextField key={rule.region} label={t(`fields.${rule.region}`)} autoComplete="address-level1" required {...field('state')} />
      ) : null}
      {rule.postal !== 'none' ? (
        <TextField key={rule.postal} label={t(`fields.${rule.postal}`)} autoComplete="postal-code" required {...field('zipCode')} />
      ) : null}
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

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_COUNTRIES, addressRuleOf, type AddressCountry } from '../../../../contracts/addresses';
import { MARITAL_STATUSES } from '../../../../contracts/registration';
import { useFormContext } from 'react-hook-form';
import { SelectInput, TextInput } from '../../../components/form/fields';
import { REQUIRED_MARKER } from './required-marker';

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
export function AddressStep({ country }: { country: AddressCountry }) {
  const { t } = useTranslation('registration');
  const { clearErrors } = useFormContext();
  const countries = useCountryOptions();
  const rule = addressRuleOf(country);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <SelectInput
          name="country"
          label={t('fields.country')}
          autoComplete="country"
          required
          marker={REQUIRED_MARKER}
          // Another country asks for other lines, in other shapes: what was said about them no longer holds.
          registerOptions={{ onChange: () => clearErrors(['state', 'zipCode']) }}
        >
          {countries.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectInput>
      </div>
      <TextInput
        name="address"
        label={t('fields.address')}
        autoComplete="street-address"
        required
        marker={REQUIRED_MARKER}
        className="sm:col-span-2"
      />
      <TextInput name="city" label={t('fields.city')} autoComplete="address-level2" required marker={REQUIRED_MARKER} />
      {rule.region !== 'none' ? (
        <TextInput
          key={rule.region}
          name="state"
          label={t(`fields.${rule.region}`)}
          autoComplete="address-level1"
          required
          marker={REQUIRED_MARKER}
        />
      ) : null}
      {rule.postal !== 'none' ? (
        <TextInput
          key={rule.postal}
          name="zipCode"
          label={t(`fields.${rule.postal}`)}
          autoComplete="postal-code"
          required
          marker={REQUIRED_MARKER}
        />
      ) : null}
      <SelectInput name="maritalStatus" label={t('fields.maritalStatus')}>
        <option value="">{t('placeholders.maritalStatus')}</option>
        {MARITAL_STATUSES.map((value) => (
          <option key={value} value={value}>
            {t(`maritalStatuses.${value}`)}
          </option>
        ))}
      </SelectInput>
      <TextInput name="occupation" label={t('fields.occupation')} autoComplete="organization-title" className="sm:col-span-2" />
    </div>
  );
}

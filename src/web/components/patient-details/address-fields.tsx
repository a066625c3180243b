import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addressRuleOf, type AddressCountry } from '../../../contracts/addresses';
import { MARITAL_STATUSES } from '../../../contracts/registration';
import { SelectInput, TextInput } from '../form/fields';
import { entryOptions, type DetailsEntry } from './details-entry';
import { useCountryOptions } from './use-country-options';

/**
 * The country first, then the address lines that country has (street and city always; a state,
 * province or emirate and a ZIP or postal code only where it uses them, required there), marital
 * status and occupation. Rendered into the surrounding two-column grid.
 */
export function AddressFields({ entry }: { entry: DetailsEntry }) {
  const { t } = useTranslation('registration');
  const { clearErrors } = useFormContext();
  const country = useWatch<{ country: AddressCountry }, 'country'>({ name: 'country' });
  const { own, fill, marker } = entryOptions(entry);
  const countries = useCountryOptions();
  const rule = addressRuleOf(country);
  return (
    <>
      <div className="sm:col-span-2">
        <SelectInput
          name="country"
          label={t('fields.country')}
          autoComplete={own ? 'country' : undefined}
          required
          marker={marker}
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
        autoComplete={fill('street-address')}
        required
        marker={marker}
        className="sm:col-span-2"
      />
      <TextInput name="city" label={t('fields.city')} autoComplete={fill('address-level2')} required marker={marker} />
      {rule.region !== 'none' ? (
        <TextInput
          key={rule.region}
          name="state"
          label={t(`fields.${rule.region}`)}
          autoComplete={fill('address-level1')}
          required
          marker={marker}
        />
      ) : null}
      {rule.postal !== 'none' ? (
        <TextInput
          key={rule.postal}
          name="zipCode"
          label={t(`fields.${rule.postal}`)}
          autoComplete={fill('postal-code')}
          required
          marker={marker}
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
      {/* A row of its own, so what follows lines up whichever lines the country has. */}
      <TextInput name="occupation" label={t('fields.occupation')} autoComplete={fill('organization-title')} className="sm:col-span-2" />
    </>
  );
}

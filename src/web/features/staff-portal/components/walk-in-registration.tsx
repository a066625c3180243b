import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ADDRESS_COUNTRIES, addressRuleOf } from '../../../../contracts/addresses';
import type { DeskRegistrationResponse, PossibleDuplicate } from '../../../../contracts/desk-registration';
import { LANGUAGE_NAMES } from '../../../../contracts/languages';
import { BLOOD_TYPES, GENDERS, MARITAL_STATUSES, PREFERRED_LANGUAGE_CODES, PREFERRED_LANGUAGES } from '../../../../contracts/registration';
import { DateInput, SelectInput, TextareaInput, TextInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useDuplicateCheck, useRegisterWalkIn } from '../api/desk-registration';
import {
  duplicateCheckOf,
  WALK_IN_DEFAULTS,
  walkInFieldOf,
  walkInFormSchema,
  walkInRequestOf,
  type WalkInFormValues,
} from '../lib/walk-in-form';
import { Card } from './card';

// The desk registers a walk-in patient (staff holding patients.create): the patient's own
// registration without a password. Possible duplicates are asked for first and shown with a link
// to the record where the desk may open it; creating while there are some needs "create anyway".
// The patient is mailed an invitation to choose their password.

type Created = DeskRegistrationResponse['data'];

export function WalkInRegistration() {
  const { t } = useTranslation('staff-portal');
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const nameOf = usePersonName();
  return (
    <Card
      title={t('walkIn.title')}
      testId="walk-in-registration"
      actions={
        <Button
          variant={open ? 'ghost' : 'primary'}
          aria-expanded={open}
          aria-controls="walk-in-form"
          onClick={() => setOpen((value) => !value)}
          data-testid="walk-in-toggle"
        >
          {open ? t('walkIn.close') : t('walkIn.open')}
        </Button>
      }
    >
      {created ? (
        <FormAlert tone="success" testId="walk-in-created">
          <span className="flex flex-col gap-1">
            <strong>{t('walkIn.created', { name: nameOf(created) })}</strong>
            <span>{t('walkIn.invitationSent', { email: created.email })}</span>
          </span>
        </FormAlert>
      ) : null}
      {open ? (
        <WalkInForm
          onCreated={(patient) => {
            setCreated(patient);
            setOpen(false);
          }}
          onStart={() => setCreated(null)}
        />
      ) : null}
    </Card>
  );
}

function WalkInForm({ onCreated, onStart }: { onCreated: (patient: Created) => void; onStart: () => void }) {
  const { t } = useTranslation(['staff-portal', 'registration']);
  const form = useSchemaForm<WalkInFormValues>({ schema: walkInFormSchema, defaultValues: WALK_IN_DEFAULTS, serverField: walkInFieldOf });
  const check = useDuplicateCheck();
  const register = useRegisterWalkIn();
  // The possible duplicates of the values they were found for; "create anyway" holds only for those.
  const [duplicates, setDuplicates] = useState<{ key: string; found: PossibleDuplicate[] } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  async function submit(values: WalkInFormValues) {
    onStart();
    setFailure(null);
    const key = JSON.stringify(duplicateCheckOf(values));
    const confirmed = duplicates?.key === key && duplicates.found.length > 0;
    if (!confirmed) {
      const found = await check.mutateAsync(duplicateCheckOf(values));
      if (found.length > 0) {
        setDuplicates({ key, found });
        return;
      }
    }
    try {
      onCreated(await register.mutateAsync(walkInRequestOf(values, confirmed)));
    } catch (error) {
      // Someone registered a likely match in the meantime: show them and ask again.
      if (error instanceof ApiError && error.code === 'POSSIBLE_DUPLICATE') {
        setDuplicates({ key, found: await check.mutateAsync(duplicateCheckOf(values)) });
        return;
      }
      throw error;
    }
  }

  const confirming = duplicates !== null && duplicates.found.length > 0;
  return (
    <Form form={form} onSubmit={submit} onFailure={(error) => setFailure(error)} id="walk-in-form" className="flex flex-col gap-5">
      <WalkInFields />
      {failure ? <FormAlert testId="walk-in-error">{errorText(t, failure, t('staff-portal:walkIn.failed'))}</FormAlert> : null}
      {confirming ? <DuplicateWarning found={duplicates.found} /> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <SubmitButton testId="walk-in-submit" pending={t('staff-portal:walkIn.sending')}>
          {confirming ? t('staff-portal:walkIn.createAnyway') : t('staff-portal:walkIn.submit')}
        </SubmitButton>
      </div>
    </Form>
  );
}

function DuplicateWarning({ found }: { found: PossibleDuplicate[] }) {
  const { t, i18n } = useTranslation('staff-portal');
  const nameOf = usePersonName();
  // The chart opens for whoever the chart's own page admits.
  const mayOpen = usePermissions().can(['medical_records.view', 'patients.view.own']);
  const born = (date: string | null) =>
    date
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
      : t('walkIn.bornUnknown');
  return (
    <FormAlert tone="info" testId="walk-in-duplicates">
      <span className="flex flex-col gap-2">
        <strong>{t('walkIn.duplicatesTitle')}</strong>
        <ul className="flex flex-col gap-1">
          {found.map((match, index) => {
            const text = t('walkIn.possibleMatch', { name: nameOf(match), date: born(match.dateOfBirth) });
            return (
              <li key={match.id ?? index} data-testid="walk-in-duplicate">
                {match.id && mayOpen ? (
                  <Link to={`/patient/${match.id}`} className="font-medium underline">
                    {text}
                  </Link>
                ) : (
                  text
                )}{' '}
                <span className="text-sm">({match.reasons.map((reason) => t(`walkIn.reasons.${reason}`)).join(', ')})</span>
              </li>
            );
          })}
        </ul>
        <span>{t('walkIn.confirmHint')}</span>
      </span>
    </FormAlert>
  );
}

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

function WalkInFields() {
  const { t } = useTranslation('registration');
  const country = useWatch<WalkInFormValues, 'country'>({ name: 'country' });
  const rule = addressRuleOf(country);
  const countries = useCountryOptions();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput name="firstName" label={t('fields.firstName')} autoComplete="off" required />
      <TextInput name="lastName" label={t('fields.lastName')} autoComplete="off" required />
      <DateInput name="dateOfBirth" label={t('fields.dateOfBirth')} required />
      <SelectInput name="gender" label={t('fields.gender')} required>
        <option value="">{t('placeholders.gender')}</option>
        {GENDERS.map((value) => (
          <option key={value} value={value}>
            {t(`genders.${value}`)}
          </option>
        ))}
      </SelectInput>
      <TextInput name="email" label={t('fields.email')} type="email" inputMode="email" autoComplete="off" required />
      <TextInput name="phone" label={t('fields.phone')} type="tel" autoComplete="off" required />
      <div className="sm:col-span-2">
        <SelectInput name="country" label={t('fields.country')} required>
          {countries.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectInput>
      </div>
      <TextInput name="address" label={t('fields.address')} autoComplete="off" required className="sm:col-span-2" />
      <TextInput name="city" label={t('fields.city')} autoComplete="off" required />
      {rule.region !== 'none' ? (
        <TextInput key={rule.region} name="state" label={t(`fields.${rule.region}`)} autoComplete="off" required />
      ) : null}
      {rule.postal !== 'none' ? (
        <TextInput key={rule.postal} name="zipCode" label={t(`fields.${rule.postal}`)} autoComplete="off" required />
      ) : null}
      <SelectInput name="maritalStatus" label={t('fields.maritalStatus')}>
        <option value="">{t('placeholders.maritalStatus')}</option>
        {MARITAL_STATUSES.map((value) => (
          <option key={value} value={value}>
            {t(`maritalStatuses.${value}`)}
          </option>
        ))}
      </SelectInput>
      <TextInput name="occupation" label={t('fields.occupation')} autoComplete="off" />
      <SelectInput name="bloodType" label={t('fields.bloodType')}>
        <option value="">{t('placeholders.bloodType')}</option>
        {BLOOD_TYPES.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </SelectInput>
      <SelectInput name="preferredLanguage" label={t('fields.preferredLanguage')}>
        {PREFERRED_LANGUAGES.map((value) => (
          <option key={value} value={value}>
            {value === 'Other' ? t('languages.Other') : LANGUAGE_NAMES[PREFERRED_LANGUAGE_CODES[value]]}
          </option>
        ))}
      </SelectInput>
      <div className="sm:col-span-2">
        <TextareaInput name="allergies" label={t('fields.allergies')} description={t('hints.list')} rows={2} />
      </div>
      <div className="sm:col-span-2">
        <TextareaInput name="medications" label={t('fields.medications')} description={t('hints.list')} rows={2} />
      </div>
      <div className="sm:col-span-2">
        <TextareaInput name="medicalHistory" label={t('fields.medicalHistory')} description={t('hints.list')} rows={2} />
      </div>
      <TextInput name="insuranceProvider" label={t('fields.insuranceProvider')} autoComplete="off" />
      <TextInput name="insurancePolicyNumber" label={t('fields.insurancePolicyNumber')} autoComplete="off" />
    </div>
  );
}

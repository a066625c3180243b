import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DeskRegistrationResponse, PossibleDuplicate } from '../../../../contracts/desk-registration';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { AddressFields } from '../../../components/patient-details/address-fields';
import { MedicalFields } from '../../../components/patient-details/medical-fields';
import { EMPTY_PATIENT_DETAILS, patientDetailsFieldOf } from '../../../components/patient-details/patient-details-values';
import { BirthFields, ContactFields, NameFields } from '../../../components/patient-details/personal-fields';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useDuplicateCheck, useRegisterWalkIn } from '../api/desk-registration';
import { duplicateCheckOf, walkInFormSchema, walkInRequestOf, type WalkInFormValues } from '../lib/walk-in-form';
import { Card } from './card';
import { chartPath } from '../../../lib/clinical/chart-path';

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
  const form = useSchemaForm<WalkInFormValues>({
    schema: walkInFormSchema,
    defaultValues: EMPTY_PATIENT_DETAILS,
    serverField: patientDetailsFieldOf,
  });
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
                  <Link to={chartPath(match.id)} className="font-medium underline">
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

function WalkInFields() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <NameFields entry="desk" />
      <BirthFields entry="desk" />
      <ContactFields entry="desk" />
      <AddressFields entry="desk" />
      <MedicalFields entry="desk" />
    </div>
  );
}

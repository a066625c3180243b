import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { STAFF_POSITIONS } from '../../../../contracts/permissions';
import { SPECIALTIES } from '../../../../contracts/specialties';
import { createUserRequestSchema, type CreateUserInput, type CreateUserRequest } from '../../../../contracts/user-admin';
import { EmailInput, SelectInput, TextInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm, type SubmitFailure } from '../../../components/form/use-schema-form';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { usePublicConfig } from '../../../lib/use-public-config';
import { useCreateUser } from '../api/users';
import { refusalReason } from '../lib/refusal-reason';

/**
 * An admin creates a doctor or staff account. No password is chosen here: the server
 * emails a single-use set-password link. The contract schema validates here and on the server alike.
 */
export function CreateUserDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation(['user-admin', 'shell', 'validation']);
  const create = useCreateUser();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm<CreateUserInput, CreateUserRequest>({
    schema: createUserRequestSchema,
    defaultValues: { role: 'staff', firstName: '', lastName: '', email: '', phone: '', position: 'reception' },
    // Fields of the other account type leave the payload when hidden (the schema is strict).
    shouldUnregister: true,
  });
  const { reset, setError } = form;
  const role = useWatch({ control: form.control, name: 'role' });
  // A doctor works at one of the organisation's clinics; only an organisation without any names a hospital instead.
  const clinics = usePublicConfig().data?.clinics ?? [];
  const isSubmitting = form.formState.isSubmitting;

  const close = () => {
    reset();
    setFailure(null);
    onClose();
  };

  const onSubmit = async (body: CreateUserRequest) => {
    setFailure(null);
    await create.mutateAsync(body);
    toast.success(t('create.created', { email: body.email }));
    close();
  };

  // The server's field errors are already beside their fields; anything else is said above the form.
  const onFailure: SubmitFailure = (error, placed) => {
    if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
      setError('email', { type: 'server', message: t('create.emailTaken') }, { shouldFocus: true });
      return;
    }
    if (placed.length > 0) return;
    setFailure(t('create.failed', { reason: refusalReason(t, error) }));
  };

  const roleOptions = (['staff', 'doctor'] as const).map((value) => ({ value, label: t(`shell:roles.${value}`) }));
  const positionOptions = STAFF_POSITIONS.map((value) => ({ value, label: t(`shell:positions.${value}`) }));
  const specialtyOptions = [
    { value: '', label: t('create.chooseSpecialty') },
    // The directory stores and shows the specialty's English name (contracts/specialties.ts).
    ...SPECIALTIES.map((s) => ({ value: s.name, label: s.name })),
  ];
  const clinicOptions = [
    { value: '', label: t('create.chooseClinic') },
    ...clinics.map((clinic) => ({ value: clinic.id, label: clinic.name })),
  ];
  const options = (list: readonly { value: string; label: string }[]) =>
    list.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ));

  return (
    <Dialog
      open={open}
      onClose={isSubmitting ? undefined : close}
      title={t('create.title')}
      description={t('create.description')}
      size="lg"
      testId="create-user-dialog"
    >
      <Form form={form} onSubmit={onSubmit} onFailure={onFailure} className="flex flex-col gap-4">
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <SelectInput name="role" label={t('create.role')}>
          {options(roleOptions)}
        </SelectInput>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput name="firstName" label={t('create.firstName')} autoComplete="off" />
          <TextInput name="lastName" label={t('create.lastName')} autoComplete="off" />
        </div>
        <EmailInput name="email" label={t('create.email')} autoComplete="off" />
        <TextInput name="phone" label={t('create.phone')} type="tel" autoComplete="off" />
        {role === 'doctor' ? (
          <>
            <SelectInput name="specialty" label={t('create.specialty')}>
              {options(specialtyOptions)}
            </SelectInput>
            {clinics.length > 0 ? (
              <SelectInput name="clinicId" label={t('create.clinic')} description={t('create.clinicHint')}>
                {options(clinicOptions)}
              </SelectInput>
            ) : null}
            <div className="grid gap-4 sm:grid-cols-2">
              {clinics.length > 0 ? null : <TextInput name="hospital" label={t('create.hospital')} />}
              <TextInput name="department" label={t('create.department')} />
              <TextInput
                name="experienceYears"
                label={t('create.experienceYears')}
                type="number"
                inputMode="numeric"
                min={0}
                max={80}
                defaultValue="0"
              />
              <TextInput name="consultationFee" label={t('create.consultationFee')} inputMode="decimal" />
            </div>
          </>
        ) : (
          <SelectInput name="position" label={t('create.position')} description={t('create.positionHint')}>
            {options(positionOptions)}
          </SelectInput>
        )}
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <FormButton onClick={close}>{t('create.cancel')}</FormButton>
          <SubmitButton pending={t('create.submitting')}>{t('create.submit')}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { STAFF_POSITIONS } from '../../../../contracts/permissions';
import { SPECIALTIES } from '../../../../contracts/specialties';
import { createUserRequestSchema, type CreateUserInput, type CreateUserRequest } from '../../../../contracts/user-admin';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert, TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { validationKeyOf } from '../../../lib/validation-text';
import { useCreateUser } from '../api/users';
import { SelectField } from './select-field';

type Field = Path<CreateUserInput> & string;
const FIELDS: readonly string[] = [
  'role',
  'firstName',
  'lastName',
  'email',
  'phone',
  'position',
  'specialty',
  'hospital',
  'department',
  'experienceYears',
  'consultationFee',
];

/**
 * Issue 4 item 5: an admin creates a doctor or staff account. No password is chosen here: the server
 * emails a single-use set-password link. The contract schema validates here and on the server alike.
 */
export function CreateUserDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation(['user-admin', 'shell', 'validation']);
  const create = useCreateUser();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateUserInput, unknown, CreateUserRequest>({
    resolver: zodResolver(createUserRequestSchema),
    defaultValues: { role: 'staff', firstName: '', lastName: '', email: '', phone: '', position: 'reception' },
    // Fields of the other account type leave the payload when hidden (the schema is strict).
    shouldUnregister: true,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const role = useWatch({ control, name: 'role' });

  const field = (name: Field) => register(name, { onChange: () => clearErrors(name) });
  const message = (name: Field): string | undefined => {
    const text = (errors as Record<string, { message?: string } | undefined>)[name]?.message;
    if (!text) return undefined;
    const key = validationKeyOf(text);
    return key ? t(`validation:${key}`) : text;
  };

  const close = () => {
    reset();
    setFailure(null);
    onClose();
  };

  const onSubmit = async (body: CreateUserRequest) => {
    setFailure(null);
    try {
      await create.mutateAsync(body);
      toast.success(t('create.created', { email: body.email }));
      close();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') {
        setError('email', { message: t('create.emailTaken') }, { shouldFocus: true });
        return;
      }
      if (error instanceof ApiError && error.fields) {
        const known = Object.entries(error.fields).filter(([path]) => FIELDS.includes(path));
        known.forEach(([path, text], index) => setError(path as Field, { message: text }, { shouldFocus: index === 0 }));
        if (known.length > 0) return;
      }
      setFailure(t('create.failed', { message: error instanceof Error ? error.message : String(error) }));
    }
  };

  const roleOptions = (['staff', 'doctor'] as const).map((value) => ({ value, label: t(`shell:roles.${value}`) }));
  const positionOptions = STAFF_POSITIONS.map((value) => ({ value, label: t(`shell:positions.${value}`) }));
  const specialtyOptions = [
    { value: '', label: t('create.chooseSpecialty') },
    // The directory stores and shows the specialty's English name (contracts/specialties.ts).
    ...SPECIALTIES.map((s) => ({ value: s.name, label: s.name })),
  ];

  return (
    <Dialog
      open={open}
      onClose={isSubmitting ? undefined : close}
      title={t('create.title')}
      description={t('create.description')}
      size="lg"
      testId="create-user-dialog"
    >
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="flex flex-col gap-4">
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <SelectField label={t('create.role')} options={roleOptions} {...field('role')} error={message('role')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('create.firstName')} autoComplete="off" {...field('firstName')} error={message('firstName')} />
          <TextField label={t('create.lastName')} autoComplete="off" {...field('lastName')} error={message('lastName')} />
        </div>
        <TextField label={t('create.email')} type="email" autoComplete="off" {...field('email')} error={message('email')} />
        <TextField label={t('create.phone')} type="tel" autoComplete="off" {...field('phone')} error={message('phone')} />
        {role === 'doctor' ? (
          <>
            <SelectField label={t('create.specialty')} options={specialtyOptions} {...field('specialty')} error={message('specialty')} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={t('create.hospital')} {...field('hospital')} error={message('hospital')} />
              <TextField label={t('create.department')} {...field('department')} error={message('department')} />
              <TextField
                label={t('create.experienceYears')}
                type="number"
                inputMode="numeric"
                min={0}
                max={80}
                defaultValue="0"
                {...field('experienceYears')}
                error={message('experienceYears')}
              />
              <TextField
                label={t('create.consultationFee')}
                inputMode="decimal"
                {...field('consultationFee')}
                error={message('consultationFee')}
              />
            </div>
          </>
        ) : (
          <SelectField
            label={t('create.position')}
            hint={t('create.positionHint')}
            options={positionOptions}
            {...field('position')}
            error={message('position')}
          />
        )}
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            {t('create.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? t('create.submitting') : t('create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

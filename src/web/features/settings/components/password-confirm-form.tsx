import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { passwordConfirmationSchema } from '../../../../contracts/auth';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { fieldMessage } from '../lib/field-message';

type PasswordConfirmation = { password: string };

/**
 * SECURITY.md (ASVS V7): changing the second factor asks for the password again. `submit` rejects
 * with the server's error; a wrong password is shown beside the input, anything else by the caller.
 */
export function PasswordConfirmForm({
  title,
  description,
  confirmLabel,
  submit,
  onCancel,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  submit: (password: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['settings', 'validation']);
  const titleId = useId();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<PasswordConfirmation>({ resolver: zodResolver(passwordConfirmationSchema), mode: 'onSubmit', reValidateMode: 'onSubmit' });

  useEffect(() => setFocus('password'), [setFocus]);

  const onSubmit = async ({ password }: PasswordConfirmation) => {
    try {
      await submit(password);
    } catch (error) {
      const wrong = error instanceof ApiError ? error.fields?.password : undefined;
      if (wrong) setError('password', { type: 'server', message: wrong }, { shouldFocus: true });
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      aria-labelledby={titleId}
    >
      <h4 id={titleId} className="text-base font-semibold">
        {title}
      </h4>
      <p className="text-sm text-slate-700 dark:text-slate-300">{description}</p>
      <div className="max-w-sm">
        <TextField
          label={t('mfa.password')}
          error={fieldMessage(t, errors.password?.message)}
          {...register('password', { onChange: () => clearErrors('password') })}
          type="password"
          autoComplete="current-password"
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

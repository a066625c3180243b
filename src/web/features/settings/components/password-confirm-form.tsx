import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordConfirmationSchema } from '../../../../contracts/auth';
import { TextInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';

type PasswordConfirmation = { password: string };

/**
 * Changing the second factor asks for the password again, so an unattended session cannot take over the account. `submit` rejects
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
  const { t } = useTranslation('settings');
  const titleId = useId();
  const form = useSchemaForm({ schema: passwordConfirmationSchema, defaultValues: { password: '' } });
  const { setFocus } = form;

  useEffect(() => setFocus('password'), [setFocus]);

  // A wrong password is placed beside the input by the kit; anything else the caller has said.
  const onSubmit = async ({ password }: PasswordConfirmation) => {
    await submit(password);
  };

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      onFailure={() => {}}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      aria-labelledby={titleId}
    >
      <h4 id={titleId} className="text-base font-semibold">
        {title}
      </h4>
      <p className="text-sm text-slate-700 dark:text-slate-300">{description}</p>
      <div className="max-w-sm">
        <TextInput name="password" label={t('mfa.password')} type="password" autoComplete="current-password" />
      </div>
      <div className="flex flex-wrap gap-3">
        <SubmitButton>{confirmLabel}</SubmitButton>
        <FormButton onClick={onCancel}>{t('cancel')}</FormButton>
      </div>
    </Form>
  );
}

import { CheckCircle2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { forgotPasswordRequestSchema } from '../../../../contracts/auth';
import { EmailInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { requestPasswordReset } from '../api/auth-api';
import { failureMessage, isNetworkFailure } from '../lib/server-text';

type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

interface Props {
  open: boolean;
  onClose(): void;
  initialEmail?: string;
}

/**
 * Forgot password: email entry, then the "Reset Link Sent" state. The server answers the
 * same whether or not the address has an account, so the dialog never says who has one.
 */
export function ForgotPasswordDialog({ open, onClose, initialEmail = '' }: Props) {
  const { t } = useTranslation('auth');
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const form = useSchemaForm({ schema: forgotPasswordRequestSchema, defaultValues: { email: initialEmail } });

  const close = () => {
    setSent(null);
    setFailure(null);
    form.clearErrors();
    onClose();
  };

  const onSubmit = async ({ email }: ForgotPasswordRequest) => {
    setFailure(null);
    await requestPasswordReset(email);
    // The same sentence whether or not the address has an account (the server answers alike).
    setSent(t('server.resetLinkSent'));
  };

  const onFailure = (error: unknown) => {
    const network = isNetworkFailure(error);
    const title = network ? t('forgot.networkTitle') : t('forgot.failedTitle');
    const description = network ? t('forgot.failedDefault') : failureMessage(t, error, t('forgot.failedDefault'));
    setFailure(`${title} - ${description}`);
    toast.error(title, { description });
  };

  const onInvalid = (errors: FieldErrors<ForgotPasswordRequest>) => {
    setFailure(null);
    if (errors.email?.message !== 'email.required') return;
    // "Email Required - Please enter your email address."
    const message = t('forgot.emailRequired');
    form.setError('email', { type: 'required', message });
    toast.error(t('forgot.emailRequiredTitle'), { description: message });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={sent ? t('forgot.sentTitle') : t('forgot.title')}
      description={sent ? undefined : t('forgot.description')}
      initialFocusRef={sent ? undefined : input}
      testId="forgot-password-dialog"
    >
      {sent ? (
        <div className="flex flex-col gap-4">
          <FormAlert tone="success" testId="reset-link-sent">
            <span className="flex items-start gap-2">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {sent}
            </span>
          </FormAlert>
          <Button onClick={close} autoFocus>
            {t('forgot.close')}
          </Button>
        </div>
      ) : (
        <Form form={form} onSubmit={onSubmit} onFailure={onFailure} onInvalid={onInvalid} className="flex flex-col gap-4">
          <EmailInput name="email" inputRef={input} label={t('forgot.email')} />
          {failure ? <FormAlert testId="forgot-error">{failure}</FormAlert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <FormButton onClick={close}>{t('forgot.cancel')}</FormButton>
            <SubmitButton pending={t('forgot.submitting')}>{t('forgot.submit')}</SubmitButton>
          </div>
        </Form>
      )}
    </Dialog>
  );
}

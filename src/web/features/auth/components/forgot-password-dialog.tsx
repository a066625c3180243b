import { CheckCircle2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { emailSchema } from '../../../../contracts/auth';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert, TextField } from '../../../components/ui/field';
import { requestPasswordReset } from '../api/auth-api';
import { failureMessage, isNetworkFailure, serverText } from '../lib/server-text';

interface Props {
  open: boolean;
  onClose(): void;
  initialEmail?: string;
}

/**
 * Spec §4 Login form / §5 / §8: email entry, then the "Reset Link Sent" state. The server answers the
 * same whether or not the address has an account, so the dialog never says who has one.
 */
export function ForgotPasswordDialog({ open, onClose, initialEmail = '' }: Props) {
  const { t } = useTranslation(['auth', 'validation']);
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const close = () => {
    setSent(null);
    setFailure(null);
    setFieldError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!email.trim()) {
      // Spec §5: "Email Required - Please enter your email address."
      const message = t('forgot.emailRequired');
      setFieldError(message);
      toast.error(t('forgot.emailRequiredTitle'), { description: message });
      input.current?.focus();
      return;
    }
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setFieldError(t(`validation:${parsed.error.issues[0]?.message ?? 'email.invalid'}`));
      input.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const answer = await requestPasswordReset(parsed.data);
      setSent(answer.message ? serverText(t, answer.message) : t('server.resetLinkSent'));
    } catch (error) {
      const network = isNetworkFailure(error);
      const title = network ? t('forgot.networkTitle') : t('forgot.failedTitle');
      const description = network ? t('forgot.failedDefault') : failureMessage(t, error, t('forgot.failedDefault'));
      setFailure(`${title} - ${description}`);
      toast.error(title, { description });
    } finally {
      setBusy(false);
    }
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
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
          <TextField
            ref={input}
            name="forgotEmail"
            type="email"
            label={t('forgot.email')}
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setFieldError(null);
            }}
            error={fieldError ?? undefined}
          />
          {failure ? <FormAlert testId="forgot-error">{failure}</FormAlert> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close} disabled={busy}>
              {t('forgot.cancel')}
            </Button>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy ? t('forgot.submitting') : t('forgot.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

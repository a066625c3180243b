import { FingerprintPattern, LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '../../../../contracts/auth';
import { AUTH } from '../../../../contracts/constants';
import type { SessionUser } from '../../../../contracts/user';
import { Button } from '../../../components/ui/button';
import { BiometricFailure, signInWithPasskey, type BiometricFailureReason } from '../api/biometric-api';
import { useBiometricAvailability } from '../api/biometric-availability';

export interface BiometricButtonProps {
  /**
   * Called 1 s after a successful sign-in, with the server's answer; the
   * login page then signs the session in and routes as for a password sign-in.
   */
  onSignedIn(result: { user: SessionUser; session: SessionInfo }): void;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'authenticating' }
  | { kind: 'success'; firstName: string }
  | { kind: 'failed'; reason: BiometricFailureReason };

/**
 * The login screen's biometric sign-in: a passkey on this
 * device, in demo mode too.
 */
export function BiometricButton({ onSignedIn }: BiometricButtonProps) {
  const { t } = useTranslation('biometric');
  const availability = useBiometricAvailability();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const messageId = useId();
  const onSignedInRef = useRef(onSignedIn);
  useEffect(() => {
    onSignedInRef.current = onSignedIn;
  }, [onSignedIn]);

  if (availability.status === 'hidden') return null;

  const busy = phase.kind === 'authenticating' || phase.kind === 'success';

  async function start() {
    if (availability.status !== 'ready' || busy) return;
    setPhase({ kind: 'authenticating' });
    try {
      const result = await signInWithPasskey();
      setPhase({ kind: 'success', firstName: result.user.firstName });
      // The session exists on the server now: hand it over even if this button unmounts meanwhile.
      window.setTimeout(() => onSignedInRef.current({ user: result.user, session: result.session }), AUTH.biometricRedirectDelayMs);
    } catch (error) {
      setPhase({ kind: 'failed', reason: error instanceof BiometricFailure ? error.reason : 'authError' });
    }
  }

  let label = t('button.label');
  if (availability.status === 'checking') label = t('button.checking');
  if (phase.kind === 'authenticating') label = t('button.authenticating');

  const note = availability.status === 'disabled' ? t('button.disabledHint') : null;

  return (
    <div className="flex flex-col gap-2" data-testid="biometric-sign-in">
      <Button
        variant="secondary"
        className="w-full"
        onClick={() => void start()}
        disabled={availability.status !== 'ready' || busy}
        aria-busy={availability.status === 'checking' || phase.kind === 'authenticating' ? true : undefined}
        aria-describedby={note ? messageId : undefined}
        data-testid="biometric-button"
      >
        {availability.status === 'checking' || phase.kind === 'authenticating' ? (
          <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <FingerprintPattern className="size-4" aria-hidden="true" />
        )}
        {label}
      </Button>
      {note ? (
        <p id={messageId} className="text-xs text-slate-600 dark:text-slate-400" data-testid="biometric-note">
          {note}
        </p>
      ) : null}
      {/* One live region for the outcome, so it is announced without moving focus. */}
      <div aria-live="polite" className="text-sm">
        {phase.kind === 'success' ? (
          <p role="status" className="font-medium text-emerald-800 dark:text-emerald-300" data-testid="biometric-success">
            {t('button.success', { firstName: phase.firstName })}
          </p>
        ) : null}
        {phase.kind === 'failed' ? (
          <div role="alert" className="text-red-700 dark:text-red-400" data-testid="biometric-error">
            <p>{t(`errors.${phase.reason}`)}</p>
            {phase.reason === 'noCredentials' ? <p className="mt-1 text-xs">{t('errors.noCredentialsHint')}</p> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

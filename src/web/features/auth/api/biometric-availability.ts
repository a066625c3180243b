import { browserSupportsWebAuthn, platformAuthenticatorIsAvailable } from '@simplewebauthn/browser';
import { useEffect, useState } from 'react';
import { PASSKEY_BROWSER_FLAG_KEY } from '../../../../contracts/passkeys';
import { usePublicConfig } from '../../../lib/use-public-config';

// Spec §4 Biometric button: loading settings; disabled (off in settings, message shown); hidden if
// the device cannot; ready. In demo mode a device that cannot still gets the demo fallback (§8).

export type BiometricAvailability =
  { status: 'checking' } | { status: 'hidden' } | { status: 'disabled' } | { status: 'ready'; mode: 'passkey' | 'demo' };

/** Can this device sign in with a passkey of its own (fingerprint, face, device PIN)? */
export async function deviceSupportsBiometrics(): Promise<boolean> {
  if (!browserSupportsWebAuthn()) return false;
  try {
    return await platformAuthenticatorIsAvailable();
  } catch {
    return false;
  }
}

/** This browser's choice from the security settings; absent means not decided (treated as on). */
export function biometricTurnedOffHere(): boolean {
  try {
    return localStorage.getItem(PASSKEY_BROWSER_FLAG_KEY) === 'off';
  } catch {
    return false;
  }
}

export function useBiometricAvailability(): BiometricAvailability {
  const config = usePublicConfig();
  const [device, setDevice] = useState<boolean | null>(null);

  useEffect(() => {
    let current = true;
    void deviceSupportsBiometrics().then((supported) => {
      if (current) setDevice(supported);
    });
    return () => {
      current = false;
    };
  }, []);

  // Without the deployment's settings the demo fallback is not offered (fail closed).
  if (device === null || config.isPending) return { status: 'checking' };
  const demoMode = config.data?.demoMode === true;
  if (!device && !demoMode) return { status: 'hidden' };
  if (biometricTurnedOffHere()) return { status: 'disabled' };
  return { status: 'ready', mode: device ? 'passkey' : 'demo' };
}

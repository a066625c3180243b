import { browserSupportsWebAuthn, platformAuthenticatorIsAvailable } from '@simplewebauthn/browser';
import { useEffect, useState } from 'react';
import { PASSKEY_BROWSER_FLAG_KEY } from '../../../../contracts/passkeys';

// The biometric button's states: loading settings; disabled (off in settings, message shown); hidden if
// the device cannot; ready. Demo mode changes nothing: a demo account signs in with a passkey only
// through a real ceremony on a device that has one (docs/product.md, sign-in and sessions).

export type BiometricAvailability = { status: 'checking' } | { status: 'hidden' } | { status: 'disabled' } | { status: 'ready' };

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

  if (device === null) return { status: 'checking' };
  if (!device) return { status: 'hidden' };
  if (biometricTurnedOffHere()) return { status: 'disabled' };
  return { status: 'ready' };
}

import { generate, generateSecret, generateURI, verify } from 'otplib';

// TOTP, RFC 6238: 30-second steps, 6 digits, SHA-1 (what every authenticator app
// speaks), one step of clock drift either way. A code is accepted once: the caller remembers the
// last accepted step and passes it back, and a code of that step or an earlier one is refused.

export const TOTP_PERIOD_SECONDS = 30;
/** ±1 step: codes of the previous and the next 30 seconds are accepted too (phone clocks drift). */
const WINDOW_SECONDS = TOTP_PERIOD_SECONDS;

export function newTotpSecret(): string {
  // 20 random bytes = 160 bits, the RFC 4226 recommendation.
  return generateSecret({ length: 20 });
}

export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step a code belongs to when it is valid now and newer than `afterStep`; null otherwise.
 * The caller must still record the step atomically (see AuthRepository.acceptTotpStep), so two
 * concurrent uses of one code cannot both pass.
 */
export async function matchTotp(secret: string, code: string, at: Date, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(at.getTime() / 1000),
      epochTolerance: WINDOW_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A malformed secret or token never verifies.
    return null;
  }
}

/** The code of one step (the demo login screen shows it; tests sign in with it). */
export async function totpCodeForStep(secret: string, step: number): Promise<string> {
  return generate({ secret, epoch: step * TOTP_PERIOD_SECONDS });
}

export async function enrolment(
  secret: string,
  issuer: string,
  accountName: string,
): Promise<{ secret: string; otpauthUri: string; qrCodeDataUrl: string }> {
  const otpauthUri = generateURI({ issuer, label: accountName, secret });
  // The QR code library loads with the first enrolment, not with the server.
  const { default: QRCode } = await import('qrcode');
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauthUri, qrCodeDataUrl };
}

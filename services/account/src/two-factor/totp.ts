// TOTP (RFC 6238) through otpauth: what every authenticator app reads (SHA-1, six digits, 30-second
// steps), a 160-bit secret (RFC 4226's recommendation), and codes accepted one step either side of
// now (a clock a little off, a code typed as it changed). Which step a code matched is returned so
// that the caller can refuse a code of that step, or of an earlier one, a second time.
import { Secret, TOTP } from 'otpauth';

export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Steps either side of now whose codes are accepted. */
export const TOTP_WINDOW = 1;
const SECRET_BYTES = 20;

const totpOf = (secret: string, label = 'Airwave', issuer = 'Airwave') => new TOTP({ issuer, label, secret: Secret.fromBase32(secret), ...TOTP_SETTINGS });

/** A new random secret, base32 (what apps take typed in). */
export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32;

/** The otpauth:// URI apps read from a QR code: `otpauth://totp/Airwave:<label>?secret=…&issuer=Airwave…`. */
export const otpauthUri = (secret: string, label: string, issuer: string): string => totpOf(secret, label, issuer).toString();

/** The time step a code belongs to, or null when it is no code of this secret near `nowMs`. */
export function matchingStep(secret: string, code: string, nowMs: number): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW });
  return delta === null ? null : totp.counter({ timestamp: nowMs }) + delta;
}

/** The code of a secret at a time (tests, and clients' own checks). */
export const codeAt = (secret: string, nowMs: number): string => totpOf(secret).generate({ timestamp: nowMs });

/** A code as people type it (`123 456`): digits only, or null when it is not six digits. */
export function totpCode(input: string): string | null {
  const digits = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

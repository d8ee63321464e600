// Two-factor decisions: how long an enrolment waits for its confirming code, what the enrolment
// shows, and which permissions are withheld from a user until their second factor is on.
import type { TwoFactorSetup } from '@airwave/contracts';
import type { z } from 'zod';
import { TOTP_SETTINGS } from './totp';

/** Minutes an unconfirmed secret may be confirmed in. */
export const PENDING_MINUTES = 15;

export const UNAVAILABLE = 'Two-factor sign-in is not available on this server: it needs AIRWAVE_ENCRYPTION_KEY on the account service.';
export const ALREADY_ON = 'Two-factor sign-in is already on: turn it off first.';
export const NOT_ON = 'Two-factor sign-in is not on for this account.';
export const NOTHING_TO_CONFIRM = 'There is no enrolment to confirm (or it is older than 15 minutes): start again.';
export const WRONG_CONFIRMING_CODE = 'Invalid input: code: is not the code the app shows now (is the phone\'s clock right?)';
export const WRONG_PASSWORD = 'The password is not right.';
export const WRONG_CODE = 'The code is not right (each code works once; a recovery code works once).';
export const REQUIRE_OWN_FIRST = 'Turn on two-factor sign-in for your own account first: this would withhold permissions you hold.';

/** What sealed secrets are bound to (@airwave/service-kit secret-box.ts). */
export const sealContext = (userId: number) => `totp:${userId}`;

/** The enrolment a user confirms: the secret, the URI for a QR code, and the settings apps need. */
export function setupReply(secret: string, uri: string): z.input<typeof TwoFactorSetup> {
  return { secret, otpauth_uri: uri, issuer: 'Airwave', ...TOTP_SETTINGS, expires_in: PENDING_MINUTES * 60 };
}

/** How the otpauth URI names the account: the username at the station's host. */
export const accountLabel = (username: string, publicUrl: string): string => `${username}@${new URL(publicUrl).host}`;

const baseName = (permission: string) => permission.split(':')[0]!;

/** The permissions (scoped ones too, `manage_timeslots:3`) that need a second factor, of those granted. */
export const needingTwoFactor = (granted: string[], required: string[]): string[] => granted.filter((p) => required.includes(baseName(p)));

/** What a user holds: everything granted, less what needs a second factor they have not turned on. */
export const effectivePermissions = (granted: string[], required: string[], twoFactorOn: boolean): string[] =>
  twoFactorOn ? granted : granted.filter((p) => !required.includes(baseName(p)));

/** Each permission once, sorted. */
export const uniqueSorted = (permissions: string[]): string[] => [...new Set(permissions)].sort();

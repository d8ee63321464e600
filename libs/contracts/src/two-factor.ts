// Two-factor sign-in with TOTP (RFC 6238): a user's own enrolment, the second step of a login, and
// what administrators set (docs/decisions/accounts.md, "Two-factor sign-in"). App keys never take
// part: they are for programs, and may not call any of these.
import { z } from 'zod';
import { Empty, Id, Nothing } from './common';
import { defineOperation } from './operation';
import { LoginResult } from './account';

/** A TOTP code (six digits, spaces allowed) or a recovery code (`xxxx-xxxx-xxxx-xxxx`). */
export const SecondFactorCode = z.string().trim().min(6, 'must be a six-digit code or a recovery code').max(40);

/** How long a login's ticket for its second step lives. */
export const TWO_FACTOR_TICKET_SECONDS = 300;

export const RecoveryCodes = z.object({
  recovery_codes: z.array(z.string()).describe('Ten one-time codes, shown only now: each signs in once in place of a TOTP code'),
});

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  required: z.boolean().describe('Whether the user holds a permission that needs two-factor sign-in (withheld until it is on)'),
  required_permissions: z.array(z.string()).describe('The permissions of the user that need two-factor sign-in'),
  available: z.boolean().describe('Whether this server can turn two-factor sign-in on (it has an encryption key)'),
});

export const TwoFactorSetup = z.object({
  secret: z.string().describe('The shared secret, base32, for typing into an authenticator app'),
  otpauth_uri: z.string().describe('The otpauth:// URI an authenticator app reads; show it as a QR code'),
  issuer: z.string(),
  algorithm: z.literal('SHA1'),
  digits: z.literal(6),
  period: z.literal(30),
  expires_in: z.number().int().describe('Seconds left to confirm the enrolment with a code'),
});

const tag = 'Account';
const self = { auth: 'user', appKeys: false } as const;

export const twoFactor = {
  status: defineOperation({
    subject: 'account.two_factor.status',
    input: Empty,
    output: TwoFactorStatus,
    ...self,
    http: { method: 'GET', path: '/account/two-factor', summary: 'Whether two-factor sign-in is on, and whether it is required', tag },
  }),
  setup: defineOperation({
    subject: 'account.two_factor.setup',
    input: z.object({ password: z.string().min(1, 'is required').max(1024) }),
    output: TwoFactorSetup,
    ...self,
    throttled: true,
    http: {
      method: 'POST',
      path: '/account/two-factor/setup',
      summary: 'Start turning on two-factor sign-in: a new secret to confirm with a code',
      tag,
      description: 'Needs the current password (a wrong one answers 403 and counts as a failed login). The secret replaces any earlier unconfirmed one and must be confirmed within 15 minutes.',
    },
    successMessage: 'Scan the code with your authenticator app, then confirm with a code it shows.',
  }),
  confirm: defineOperation({
    subject: 'account.two_factor.confirm',
    input: z.object({ code: SecondFactorCode }),
    output: RecoveryCodes,
    ...self,
    throttled: true,
    http: { method: 'POST', path: '/account/two-factor/confirm', summary: 'Turn two-factor sign-in on with a code from the app; returns ten recovery codes, once', tag },
    successMessage: 'Two-factor sign-in is on. Keep the recovery codes somewhere safe.',
  }),
  disable: defineOperation({
    subject: 'account.two_factor.disable',
    input: z.object({ code: SecondFactorCode }),
    output: Nothing,
    ...self,
    throttled: true,
    http: { method: 'POST', path: '/account/two-factor/disable', summary: 'Turn two-factor sign-in off with a current code or a recovery code', tag },
    successMessage: 'Two-factor sign-in is off.',
  }),
  recoveryCodes: defineOperation({
    subject: 'account.two_factor.recovery_codes',
    input: z.object({ code: SecondFactorCode }),
    output: RecoveryCodes,
    ...self,
    throttled: true,
    http: { method: 'POST', path: '/account/two-factor/recovery-codes', summary: 'Replace the recovery codes (the old ones stop working); needs a current code', tag },
    successMessage: 'New recovery codes. The old ones no longer work.',
  }),
  login: defineOperation({
    subject: 'account.two_factor.login',
    input: z.object({ ticket: z.string().min(1, 'is required').max(200), code: SecondFactorCode }),
    output: LoginResult,
    auth: 'none',
    http: {
      method: 'POST',
      path: '/account/login/two-factor',
      summary: 'The second step of a login: the ticket from the first and a code',
      tag,
      description: `The ticket comes from \`POST /api/v2/account/login\` (a 401 whose \`data.details\` has \`two_factor_required: true\` and \`ticket\`), and lives ${TWO_FACTOR_TICKET_SECONDS / 60} minutes. The code is the six digits the authenticator app shows (each accepted once) or an unused recovery code. Five wrong codes end the ticket; wrong codes count as failed logins.`,
    },
    successMessage: 'Logged in.',
  }),
};

const admin = { auth: 'user', permission: 'manage_users' } as const;

export const twoFactorAdmin = {
  requirementGet: defineOperation({
    subject: 'account.two_factor.requirement.get',
    input: Empty,
    output: z.object({ permissions: z.array(z.string()) }),
    ...admin,
    http: { method: 'GET', path: '/users/two-factor', summary: 'The permissions that need two-factor sign-in', tag: 'Users' },
  }),
  requirementSet: defineOperation({
    subject: 'account.two_factor.requirement.set',
    input: z.object({ permissions: z.array(z.string().regex(/^[a-z][a-z0-9_]{1,63}$/, 'must be a permission name (without :<id>)')).max(500) }),
    output: z.object({ permissions: z.array(z.string()) }),
    ...admin,
    http: {
      method: 'PUT',
      path: '/users/two-factor',
      summary: 'Choose the permissions that need two-factor sign-in',
      tag: 'Users',
      description: 'A user holds a listed permission (through any group, Admin included) only while their two-factor sign-in is on; until then it is withheld. Refused (409) when it would withhold a permission from the administrator making the change: turn your own two-factor sign-in on first.',
    },
    successMessage: 'Saved.',
  }),
  reset: defineOperation({
    subject: 'account.two_factor.reset',
    input: z.object({ id: Id }),
    output: Nothing,
    ...admin,
    http: { method: 'DELETE', path: '/users/two-factor/:id', summary: "Turn a user's two-factor sign-in off (a lost phone and lost recovery codes)", tag: 'Users' },
    successMessage: 'Two-factor sign-in is off for that user.',
  }),
};

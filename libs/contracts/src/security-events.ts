// Security events of the account service (docs/events.md, docs/decisions/accounts.md "Audit
// trail"): logins, throttling, two-factor sign-in, passwords and app keys. They join the event
// registry (events.ts) and, with the account and module changes listed in `auditedEventTypes`,
// make the audit trail. No payload ever holds a secret: no password, key, code, ticket or secret.
import { z } from 'zod';

const userRef = { user_id: z.number().int(), username: z.string() };
/** Whom a login attempt named: the user when the username exists, else null (typed usernames are not kept). */
const attempted = { user_id: z.number().int().nullable(), username: z.string().nullable() };
const endpoints = z.array(z.tuple([z.string(), z.string()]));
const appKey = z.object({ id: z.number().int(), user_id: z.number().int(), name: z.string(), permissions: endpoints });

export const securityEventPayloads = {
  'account.login.succeeded': z.object({ ...userRef, second_factor: z.enum(['none', 'totp', 'recovery_code']) }),
  'account.login.failed': z.object({ ...attempted, step: z.enum(['password', 'second_factor']) }),
  'account.login.throttled': z.object({
    ...attempted,
    scope: z.enum(['account_address', 'address', 'account']),
    attempts: z.number().int(),
    wait_seconds: z.number().int(),
  }),
  'account.two_factor.enabled': z.object(userRef),
  'account.two_factor.disabled': z.object({ ...userRef, method: z.enum(['totp', 'recovery_code', 'administrator']) }),
  'account.two_factor.recovery_codes_renewed': z.object(userRef),
  'account.two_factor.requirement_saved': z.object({ permissions: z.array(z.string()) }),
  'account.password.changed': z.object({ ...userRef, by_administrator: z.boolean() }),
  'account.password.reset': z.object({ ...userRef, purpose: z.enum(['reset', 'welcome']) }),
  'account.app_key.created': appKey,
  'account.app_key.updated': appKey,
  'account.app_key.deleted': z.object({ id: z.number().int(), user_id: z.number().int() }),
} satisfies Record<string, z.ZodType>;

export const securityEventDescriptions: Record<keyof typeof securityEventPayloads, string> = {
  'account.login.succeeded': 'A user logged in (with the second factor used, if any).',
  'account.login.failed': 'A login failed: a wrong password, an unknown or disabled user (user_id null when the username is unknown), or a wrong second factor.',
  'account.login.throttled': 'Failed logins started a delay: for one account from one address, for one address, or (scope account) the per-account ceiling was reached.',
  'account.two_factor.enabled': 'A user turned on two-factor sign-in (TOTP).',
  'account.two_factor.disabled': 'Two-factor sign-in was turned off, by its user (with a code) or by an administrator.',
  'account.two_factor.recovery_codes_renewed': 'A user replaced their recovery codes.',
  'account.two_factor.requirement_saved': 'An administrator chose the permissions that need two-factor sign-in.',
  'account.password.changed': 'A password was changed, by its user or by an administrator.',
  'account.password.reset': 'A password was set with a one-time link (reset or welcome).',
  'account.app_key.created': 'An app key was created (never its secret).',
  'account.app_key.updated': "An app key's name or endpoints changed.",
  'account.app_key.deleted': 'An app key was deleted.',
};

/** The events the account service keeps in the audit trail, whichever service publishes them. */
export const auditedEventTypes: readonly string[] = [
  ...Object.keys(securityEventPayloads),
  'account.user.created',
  'account.user.updated',
  'account.user.deleted',
  'account.group.saved',
  'account.group.deleted',
  'modules.module.installed',
  'modules.module.uninstalled',
  'modules.module.purged',
  'modules.webhook.saved',
  'modules.webhook.deleted',
  'scheduling.player.sync_refused',
];

// The audit trail: the security events the account service keeps (security-events.ts,
// `auditedEventTypes`), for a user's own account and, with `view_audit`, for everyone.
import { z } from 'zod';
import { Id } from './common';
import { defineOperation } from './operation';

/** A time in a filter: Unix seconds, or ISO 8601 with an offset (`2026-11-23T08:00:00Z`). */
export const AuditTime = z.union([
  z.coerce.number({ error: 'must be Unix seconds or ISO 8601 with an offset' }).int().min(0).max(4_102_444_800),
  z.iso.datetime({ offset: true, error: 'must be Unix seconds or ISO 8601 with an offset' }),
]);

const auditFilters = {
  type: z
    .string()
    .regex(/^[a-z_]+(\.[a-z_]+){0,3}$/, 'must be an event type such as account.login.failed, or its start such as account.login')
    .optional()
    .describe('An event type, or the start of one (`account.login` matches account.login.*)'),
  since: AuditTime.optional().describe('Entries at or after this time'),
  until: AuditTime.optional().describe('Entries before this time'),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
};

export const AuditEntry = z.object({
  id: z.string().describe("The event's id"),
  type: z.string(),
  occurred_at: z.string(),
  user_id: z.number().int().nullable().describe('The account the event is about (null: none, or an unknown username)'),
  username: z.string().nullable(),
  actor_id: z.number().int().nullable().describe('Who acted (null: nobody logged in, e.g. a login attempt)'),
  actor_username: z.string().nullable(),
  address: z.string().nullable().describe('The client address the gateway saw'),
  request_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).describe("The event's payload (never a secret)"),
});

export const AuditPage = z.object({ total: z.number().int(), entries: z.array(AuditEntry) });

export const audit = {
  own: defineOperation({
    subject: 'account.audit.own',
    input: z.object(auditFilters),
    output: AuditPage,
    auth: 'user',
    http: { method: 'GET', path: '/account/audit', summary: 'Security events of the logged-in user\'s account, newest first', tag: 'Account' },
  }),
  all: defineOperation({
    subject: 'account.audit.all',
    input: z.object({ ...auditFilters, user_id: Id.optional().describe('Only entries about this account') }),
    output: AuditPage,
    auth: 'user',
    permission: 'view_audit',
    http: { method: 'GET', path: '/users/audit', summary: 'Security events of every account and of modules, newest first', tag: 'Users' },
  }),
};

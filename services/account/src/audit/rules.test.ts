import { auditedEventTypes, eventPayloads } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditRowOf, filterTime, retentionCutoff, subTypesPattern } from './rules';

const frame = (type: string, payload: unknown, actor: Record<string, unknown> = { userId: null, username: null }) => ({
  id: '6f1c1e0e-8f0a-4b8e-9d7e-2f5c1a9b3c11',
  type,
  occurredAt: '2026-11-23T08:00:00.000Z',
  actor: { userId: null, username: null, ...actor },
  payload,
});

describe('audit entries', () => {
  it('record who acted, from where, in which request, and whom the event is about', () => {
    const row = auditRowOf(frame('account.password.changed', { user_id: 7, username: 'dj', by_administrator: true }, { userId: 1, username: 'admin', address: '203.0.113.5', requestId: 'req-1' }));
    expect(row).toEqual({
      id: '6f1c1e0e-8f0a-4b8e-9d7e-2f5c1a9b3c11',
      type: 'account.password.changed',
      occurred_at: '2026-11-23T08:00:00.000Z',
      user_id: 7,
      username: 'dj',
      actor_id: 1,
      actor_username: 'admin',
      address: '203.0.113.5',
      request_id: 'req-1',
      details: JSON.stringify({ user_id: 7, username: 'dj', by_administrator: true }),
    });
  });

  it('know the user of account.user.* events, nobody for an unknown username, and no one for modules', () => {
    // account.user.* carry the user as GET /users/{id} answers it.
    const ann = { id: 4, username: 'ann', name: 'Ann', email: 'ann@example.org', display_name: 'Ann', enabled: false, group_ids: [2], created: '2026-11-23T08:00:00.000Z', last_access: null };
    expect(eventPayloads['account.user.updated'].safeParse(ann).success).toBe(true);
    expect(auditRowOf(frame('account.user.updated', ann))).toMatchObject({ user_id: 4, username: 'ann', details: JSON.stringify(ann) });
    expect(auditRowOf(frame('account.user.deleted', ann))).toMatchObject({ user_id: 4, username: 'ann' });
    expect(auditRowOf(frame('account.login.failed', { user_id: null, username: null, step: 'password' }))).toMatchObject({ user_id: null, username: null, address: null });
    expect(auditRowOf(frame('modules.module.installed', { name: 'notes', version: '1.0.0' }))).toMatchObject({ user_id: null, username: null });
  });

  it('are made only for audited events', () => {
    expect(auditRowOf(frame('media.item.saved', { id: 1, created: true, item: {} }))).toBeNull();
    expect(auditedEventTypes).toEqual(expect.arrayContaining(['account.login.throttled', 'account.app_key.deleted', 'modules.module.purged']));
  });

  it('never have a field that could hold a secret, in any audited event', () => {
    const secretish = /pass|key$|^key|secret|token|ticket|code$|hash|otp/i;
    const fieldsOf = (schema: z.ZodType): string[] => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);
    for (const type of auditedEventTypes) {
      const schema = (eventPayloads as Record<string, z.ZodType>)[type];
      expect(schema, type).toBeDefined();
      expect(fieldsOf(schema!).filter((name) => secretish.test(name)), type).toEqual([]);
    }
  });
});

describe('audit filters', () => {
  it('read Unix seconds and ISO 8601', () => {
    expect(filterTime(1795420800).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(filterTime('2026-11-23T08:00:00+01:00').toISOString()).toBe('2026-11-23T07:00:00.000Z');
  });

  it('match sub-types by their start, underscores literal', () => {
    expect(subTypesPattern('account.two_factor')).toBe('account.two\\_factor.%');
  });

  it('keep entries for the retention days', () => {
    expect(retentionCutoff(365, Date.UTC(2026, 0, 1)).toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });
});

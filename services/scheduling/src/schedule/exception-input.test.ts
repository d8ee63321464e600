// An exception request checked against its series: one that changes nothing is a 400 naming the
// field; a move to the original start and the series' duration is stored as no move.
import { AirwaveError } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import { exceptionChange } from './exception-input';
import type { Recurrence } from './recurrence';

const rule: Recurrence = { mode: 'daily', start: Date.parse('2027-06-01T07:00:00Z'), duration: 3600, stop: Date.parse('2027-06-10T07:00:00Z'), zone: 'Europe/London' };
const original = Date.parse('2027-06-02T07:00:00Z');
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return error as AirwaveError;
  }
  throw new Error('not refused');
};

describe('exceptionChange', () => {
  it('refuses an exception that changes nothing, naming what was sent', () => {
    for (const [sent, field] of [
      [{ start: original }, 'start'],
      [{ duration: 3600 }, 'duration'],
      [{ start: original, duration: 3600 }, 'start'],
      [{ item_type: 'live', item_id: 1 }, 'item_id'],
    ] as const) {
      const error = refusal(() => exceptionChange({ original_start: original, ...sent }, rule, 'show'));
      expect(error.code).toBe('bad_request');
      expect(error.message).toContain('changes nothing');
      expect((error.details as { issues: { path: string }[] }).issues[0]!.path).toBe(field);
    }
  });

  it('takes another item with the original times as a change of the item only (no move stored)', () => {
    const change = exceptionChange({ original_start: original, start: original, item_type: 'live', item_id: 2 }, rule, 'show', true);
    expect(change.moved).toBeNull();
    expect(change.values).toMatchObject({ skip: false, start: null, duration: null });
    expect(exceptionChange({ original_start: original, duration: 1800 }, rule, 'show').values).toMatchObject({ start: new Date(original), duration: 1800 });
  });
});

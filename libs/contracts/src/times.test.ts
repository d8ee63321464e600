import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scheduling } from './scheduling';
import { Instant, readTime, StopTime } from './times';

const issues = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues.map((i) => [i.path.join('.'), i.message]);
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

describe('Instant: the forms OpenBroadcaster\'s clients send', () => {
  it('reads Unix seconds (number or digits) and ISO 8601 with an offset as instants', () => {
    expect(Instant.parse(1774747800)).toBe(1774747800_000);
    expect(Instant.parse('1774747800')).toBe(1774747800_000);
    expect(Instant.parse('2026-03-29T02:30:00+01:00')).toBe(Date.UTC(2026, 2, 29, 1, 30));
    expect(Instant.parse('2026-03-29T01:30:00Z')).toBe(Date.UTC(2026, 2, 29, 1, 30));
  });

  it('passes a local time through as its reading, for the player\'s zone to resolve', () => {
    const reading = { kind: 'local', wall: Date.UTC(2026, 2, 29, 1, 30), text: '2026-03-29 01:30:00' };
    expect(Instant.parse('2026-03-29 01:30:00')).toEqual(reading);
    expect(Instant.parse('2026-03-29T01:30:00')).toEqual(reading);
    expect(Instant.parse('2026-03-29 01:30')).toEqual(reading);
    expect(Instant.parse('2026-03-29T01:30')).toEqual(reading);
  });

  it('refuses what is not a real date and time, naming it', () => {
    expect(issues(Instant.safeParse('2026-02-30 10:00:00'))).toEqual([['', '2026-02-30 is not a real date: February 2026 has 28 days']]);
    expect(issues(Instant.safeParse('2026-01-01 25:00:00'))).toEqual([['', '25:00:00 is not a real time of day (00:00:00 to 23:59:59)']]);
    expect(Instant.safeParse('2028-02-29 10:00:00').success).toBe(true);
    for (const bad of ['2026-13-01 10:00:00', '2026-01-01 23:60:00', '2026-01-01 23:59:60', '2026-01-01 24:00:00', '1969-12-31 23:59:59', '2026-1-1 10:00:00', '2026-01-01', '', 'tomorrow', '2026-01-01T10:00:00+25:00']) {
      expect(Instant.safeParse(bad).success, bad).toBe(false);
    }
    for (const bad of [-1, 1.5, 4_102_444_801, true, null, {}]) expect(Instant.safeParse(bad).success, String(bad)).toBe(false);
    expect(issues(Instant.safeParse(1.5))?.[0]?.[1]).toMatch(/^must be Unix seconds, ISO 8601 with an offset, or a local time/);
  });

  it('reads every real date and time, in every local form, as that wall clock', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(2099, 11, 31, 23, 59, 59)), noInvalidDate: true }), fc.constantFrom(' ', 'T'), (date, separator) => {
        const wall = Math.floor(date.getTime() / 1000) * 1000;
        const iso = new Date(wall).toISOString();
        const text = `${iso.slice(0, 10)}${separator}${iso.slice(11, 19)}`;
        expect(readTime(text)).toEqual({ kind: 'local', wall, text: `${iso.slice(0, 10)} ${iso.slice(11, 19)}` });
      }),
    );
  });

  it('refuses every day past the end of its month', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1970, max: 2099 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 3 }), (year, month, past) => {
        const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
        if (days + past > 99) return;
        expect(typeof readTime(`${year}-${pad(month)}-${pad(days + past)} 12:00:00`)).toBe('string');
      }),
    );
  });
});

describe('StopTime', () => {
  it('takes a date alone as the last day, through 23:59:59 local, and "" or null as none', () => {
    expect(StopTime.parse('2026-04-30')).toEqual({ kind: 'local', wall: Date.UTC(2026, 3, 30, 23, 59, 59), text: '2026-04-30 23:59:59' });
    expect(StopTime.parse('')).toBeNull();
    expect(StopTime.parse(null)).toBeNull();
    expect(StopTime.parse(undefined)).toBeUndefined();
    expect(StopTime.parse('2026-04-30 12:00:00')).toMatchObject({ kind: 'local', text: '2026-04-30 12:00:00' });
    expect(StopTime.safeParse('2026-04-31').success).toBe(false);
  });
});

describe('list windows', () => {
  const list = scheduling.showList.input;
  it('checks a window of instants, and needs the player for a local one', () => {
    expect(issues(list.safeParse({ start: '1774747800', end: '1774740000' }))).toEqual([['end', 'end must be after start, at most 366 days later']]);
    expect(issues(list.safeParse({ start: '2026-03-29 00:00:00', end: '1774900000' }))?.[0]).toEqual([
      'player',
      "is required when start is a local time (it is read in the player's zone); or send start with an offset, or as Unix seconds",
    ]);
    expect(list.safeParse({ start: '2026-03-29 00:00:00', end: '2026-03-30 00:00:00', player: '1' }).success).toBe(true);
  });
});

describe('the OpenAPI schema of a time', () => {
  it('is a string or an integer, described with its three forms', () => {
    const schema = z.toJSONSchema(Instant, { io: 'input', unrepresentable: 'any' }) as { anyOf: { type: string }[]; description: string };
    expect(schema.anyOf.map((s) => s.type)).toEqual(['string', 'integer']);
    expect(schema.description).toMatch(/Unix seconds/);
    expect(schema.description).toMatch(/ISO 8601 with an offset/);
    expect(schema.description).toMatch(/local time in the player's zone \("2026-03-29 08:00:00"/);
  });
});

import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { expand, isoInZone, nominalWall, wallToInstant, type Mode, type Recurrence } from './recurrence';
import { oracle } from './test-support';
import { limit } from '../../../../vitest.shared';

const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toMillis();
const local = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm ZZ");
const DAY = 86_400_000;

describe('fixed cases across DST', () => {
  it('keeps 08:00 local every day across both London changes', () => {
    const zone = 'Europe/London';
    const rule: Recurrence = { mode: 'daily', start: at('2026-03-27T08:00', zone), duration: 3600, stop: at('2026-11-01T00:00', zone), zone };
    const around = [...expand(rule, at('2026-03-27T00:00', zone), at('2026-03-31T00:00', zone)), ...expand(rule, at('2026-10-24T00:00', zone), at('2026-10-27T00:00', zone))];
    expect(around.map((o) => local(o.start, zone))).toEqual([
      '2026-03-27T08:00 +00:00',
      '2026-03-28T08:00 +00:00',
      '2026-03-29T08:00 +01:00',
      '2026-03-30T08:00 +01:00',
      '2026-10-24T08:00 +01:00',
      '2026-10-25T08:00 +00:00',
      '2026-10-26T08:00 +00:00',
    ]);
  });

  it('moves a 02:30 show forward by the gap on the spring-forward day (New York)', () => {
    const zone = 'America/New_York';
    const rule: Recurrence = { mode: 'daily', start: at('2026-03-07T02:30', zone), duration: 1800, stop: at('2026-03-10T00:00', zone), zone };
    expect(expand(rule, at('2026-03-07T00:00', zone), at('2026-03-10T00:00', zone)).map((o) => local(o.start, zone))).toEqual([
      '2026-03-07T02:30 -05:00',
      '2026-03-08T03:30 -04:00',
      '2026-03-09T02:30 -04:00',
    ]);
  });

  it('airs the repeated autumn hour once (New York)', () => {
    const zone = 'America/New_York';
    const rule: Recurrence = { mode: 'daily', start: at('2026-10-31T01:30', zone), duration: 1800, stop: at('2026-11-03T00:00', zone), zone };
    const occurrences = expand(rule, at('2026-11-01T00:00', zone), at('2026-11-02T00:00', zone));
    expect(occurrences.map((o) => local(o.start, zone))).toEqual(['2026-11-01T01:30 -04:00']);
  });

  it('handles the 30-minute shift of Lord Howe Island', () => {
    const zone = 'Australia/Lord_Howe';
    // DST ends on the first Sunday of April 2026 (02:00 → 01:30), starts on the first Sunday of October.
    const rule: Recurrence = { mode: 'weekly', start: at('2026-03-29T09:00', zone), duration: 3600, stop: at('2026-10-20T00:00', zone), zone };
    const occurrences = expand(rule, at('2026-03-29T00:00', zone), at('2026-04-13T00:00', zone));
    expect(occurrences.map((o) => local(o.start, zone))).toEqual(['2026-03-29T09:00 +11:00', '2026-04-05T09:00 +10:30', '2026-04-12T09:00 +10:30']);
    const october = expand(rule, at('2026-09-27T00:00', zone), at('2026-10-12T00:00', zone));
    expect(october.map((o) => local(o.start, zone))).toEqual(['2026-09-27T09:00 +10:30', '2026-10-04T09:00 +11:00', '2026-10-11T09:00 +11:00']);
  });

  it('keeps exact 24-hour spacing in a zone without DST', () => {
    const zone = 'Asia/Tokyo';
    const rule: Recurrence = { mode: 'xdays', xData: 3, start: at('2026-01-01T23:00', zone), duration: 600, stop: at('2026-12-31T00:00', zone), zone };
    const occurrences = expand(rule, at('2026-01-01T00:00', zone), at('2026-02-01T00:00', zone));
    expect(occurrences).toHaveLength(11);
    for (let i = 1; i < occurrences.length; i += 1) expect(occurrences[i]!.start - occurrences[i - 1]!.start).toBe(3 * DAY);
  });

  it('skips months without the start day (the 31st)', () => {
    const zone = 'Europe/Paris';
    const rule: Recurrence = { mode: 'monthly', start: at('2026-01-31T20:00', zone), duration: 3600, stop: at('2026-12-31T23:59', zone), zone };
    expect(expand(rule, at('2026-01-01T00:00', zone), at('2026-09-01T00:00', zone)).map((o) => local(o.start, zone).slice(0, 10))).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
      '2026-08-31',
    ]);
  });

  it('stops after stop, and finds occurrences that started before the window', () => {
    const zone = 'UTC';
    const rule: Recurrence = { mode: 'daily', start: at('2026-01-01T23:00', zone), duration: 7200, stop: at('2026-01-03T23:00', zone), zone };
    expect(expand(rule, at('2026-01-02T00:30', zone), at('2026-01-10T00:00', zone)).map((o) => local(o.start, zone))).toEqual([
      '2026-01-01T23:00 +00:00',
      '2026-01-02T23:00 +00:00',
      '2026-01-03T23:00 +00:00',
    ]);
  });
});

describe('a series given a local time in the spring gap', () => {
  const wall = (text: string) => Date.parse(`${text}Z`);
  it('airs the first occurrence shifted forward by the gap and every other at the local time it was given', () => {
    const zone = 'Europe/London';
    const rule: Recurrence = { mode: 'daily', start: at('2027-03-28T02:30', zone), wallStart: wall('2027-03-28T01:30:00'), duration: 1200, stop: at('2027-03-31T12:00', zone), zone };
    expect(expand(rule, rule.start, rule.stop!).map((o) => local(o.start, zone))).toEqual(['2027-03-28T02:30 +01:00', '2027-03-29T01:30 +01:00', '2027-03-30T01:30 +01:00', '2027-03-31T01:30 +01:00']);
    // A local time that does not read as the first start (the player's zone changed since) is ignored.
    expect(expand({ ...rule, zone: 'Asia/Tokyo' }, rule.start, rule.stop!).map((o) => local(o.start, 'Asia/Tokyo').slice(11))).toEqual(['10:30 +09:00', '10:30 +09:00', '10:30 +09:00', '10:30 +09:00']);
  });

  it('finds the local time the rule gave an occurrence, before the gap moved it', () => {
    const zone = 'Europe/London';
    const nightly: Recurrence = { mode: 'daily', start: at('2026-03-27T01:30', zone), duration: 600, stop: at('2026-10-31T00:00', zone), zone };
    expect(nominalWall(nightly, at('2026-03-29T02:30', zone))).toBe(wall('2026-03-29T01:30:00'));
    expect(nominalWall(nightly, Date.parse('2026-10-25T01:30:00+01:00'))).toBe(wall('2026-10-25T01:30:00'));
    expect(nominalWall(nightly, at('2026-06-01T01:30', zone))).toBe(wall('2026-06-01T01:30:00'));
    // A first start at the second 01:45 (New York) is its own wall clock.
    const second: Recurrence = { mode: 'weekly', start: Date.parse('2027-11-07T01:45:00-05:00'), duration: 600, stop: Date.parse('2027-12-01T00:00:00Z'), zone: 'America/New_York' };
    expect(nominalWall(second, second.start)).toBe(wall('2027-11-07T01:45:00'));
    // Santiago springs forward at midnight: 00:30 on 6 September 2026 airs at 01:30.
    const santiago: Recurrence = { mode: 'daily', start: at('2026-09-04T00:30', 'America/Santiago'), duration: 600, stop: at('2026-09-10T00:00', 'America/Santiago'), zone: 'America/Santiago' };
    expect(local(expand(santiago, at('2026-09-06T00:00', 'America/Santiago'), at('2026-09-06T12:00', 'America/Santiago'))[0]!.start, 'America/Santiago')).toBe('2026-09-06T01:30 -03:00');
    expect(nominalWall(santiago, at('2026-09-06T01:30', 'America/Santiago'))).toBe(wall('2026-09-06T00:30:00'));
  });

  it('expands as the independent oracle does, for a random local time in a random spring gap', () => {
    const gaps = ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Australia/Adelaide', 'America/St_Johns', 'Pacific/Chatham', 'America/Santiago'].flatMap((zone) => {
      const found: { zone: string; wall: number; minutes: number }[] = [];
      const offset = (t: number) => DateTime.fromMillis(t, { zone }).offset;
      for (let day = Date.UTC(2027, 0, 1); day < Date.UTC(2028, 0, 1); day += DAY) {
        if (offset(day + DAY) <= offset(day)) continue;
        let t = day;
        while (offset(t + 60_000) === offset(day)) t += 60_000;
        // The gap starts at the change's wall clock in the offset before it.
        found.push({ zone, wall: t + 60_000 + offset(day) * 60_000, minutes: offset(day + DAY) - offset(day) });
      }
      return found;
    });
    fc.assert(
      fc.property(fc.constantFrom(...gaps), fc.nat(), fc.constantFrom<Mode>('daily', 'weekly', 'xdays', 'monthly'), fc.integer({ min: 1, max: 3 }), (gap, pick, mode, x) => {
        // A wall time inside the gap: the change's wall clock in the offset before it, plus a few minutes.
        const wallStart = gap.wall + (pick % gap.minutes) * 60_000;
        const start = wallToInstant(wallStart, gap.zone);
        const rule: Recurrence = { mode, xData: x, start, wallStart, duration: 600, stop: start + 120 * DAY, zone: gap.zone };
        expect(expand(rule, start - DAY, rule.stop! + DAY).map((o) => o.start)).toEqual(oracle(rule, start - DAY, rule.stop! + DAY));
      }),
      { numRuns: 300 },
    );
  }, limit(60_000));
});

const zones = ['Europe/London', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Tokyo', 'America/Santiago', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC'];

describe('expansion against an independent oracle', () => {
  it('finds every occurrence, at the right local time, none missing or doubled', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.constantFrom<Mode>('daily', 'weekly', 'monthly', 'xdays', 'xweeks', 'xmonths'),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 3 * 365 }),
        fc.integer({ min: 0, max: 24 * 60 - 1 }),
        fc.integer({ min: 60, max: 6 * 3600 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 120 }),
        (zone, mode, x, startDay, minuteOfDay, duration, windowOffset, windowDays) => {
          const start = DateTime.fromObject({ year: 2025, month: 1, day: 1, hour: Math.floor(minuteOfDay / 60), minute: minuteOfDay % 60 }, { zone })
            .plus({ days: startDay })
            .toMillis();
          const rule: Recurrence = { mode, xData: x, start, duration, stop: start + 900 * DAY, zone };
          const from = start + (windowOffset - 30) * DAY;
          const to = from + windowDays * DAY;
          const got = expand(rule, from, to).map((o) => o.start);
          expect(got).toEqual(oracle(rule, from, to));
          expect(new Set(got).size).toBe(got.length);
          const wall = DateTime.fromMillis(start, { zone });
          for (const s of got.slice(1)) {
            const l = DateTime.fromMillis(s, { zone });
            // Same wall-clock time, or shifted forward by a DST gap of at most an hour.
            const delta = (l.hour * 60 + l.minute - (wall.hour * 60 + wall.minute) + 1440) % 1440;
            expect(delta === 0 || delta <= 60).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  }, limit(60_000));
});

describe('ISO formatting in a zone', () => {
  const everyZone = [...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
  it('writes what Luxon writes, for every zone and instants from 1990 to 2100', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...everyZone),
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }),
        fc.boolean(),
        (zone, instant, wholeSecond) => {
          const at = wholeSecond ? instant - (instant % 1000) : instant;
          expect(isoInZone(at, zone)).toBe(DateTime.fromMillis(at, { zone }).toISO({ suppressMilliseconds: true }));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('writes the instants next to DST changes with the offset in force', () => {
    // London 2026: clocks go forward at 01:00 UTC on 29 March and back at 01:00 UTC on 25 October.
    expect(isoInZone(Date.UTC(2026, 2, 29, 0, 59, 59), 'Europe/London')).toBe('2026-03-29T00:59:59+00:00');
    expect(isoInZone(Date.UTC(2026, 2, 29, 1, 0, 0), 'Europe/London')).toBe('2026-03-29T02:00:00+01:00');
    expect(isoInZone(Date.UTC(2026, 9, 25, 0, 30), 'Europe/London')).toBe('2026-10-25T01:30:00+01:00');
    expect(isoInZone(Date.UTC(2026, 9, 25, 1, 30), 'Europe/London')).toBe('2026-10-25T01:30:00+00:00');
    // Lord Howe moves by 30 minutes; Kathmandu is 5:45 ahead.
    expect(isoInZone(Date.UTC(2026, 0, 1), 'Australia/Lord_Howe')).toBe('2026-01-01T11:00:00+11:00');
    expect(isoInZone(Date.UTC(2026, 6, 1), 'Australia/Lord_Howe')).toBe('2026-07-01T10:30:00+10:30');
    expect(isoInZone(Date.UTC(2026, 0, 1, 0, 0, 0, 250), 'Asia/Kathmandu')).toBe('2026-01-01T05:45:00.250+05:45');
    expect(isoInZone(Date.UTC(2026, 0, 1), 'UTC')).toBe('2026-01-01T00:00:00Z');
  });
});

import { AirwaveError, readTime, type LocalTime, type TimeValue } from '@airwave/contracts';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { localWallTime } from './occurrence-rows';
import { isoInZone } from './recurrence';
import { entryInstants, localStartOf, resolveTime, windowInstants } from './times';
import { limit } from '../../../../vitest.shared';

const MINUTE = 60_000;
const local = (text: string): LocalTime => {
  const value = readTime(text);
  if (typeof value !== 'object') throw new Error(`${text} is not a local time: ${String(value)}`);
  return value;
};
const iso = (instant: number, zone: string) => DateTime.fromMillis(instant, { zone }).toISO({ suppressMilliseconds: true });
const reading = (instant: number, zone: string) => DateTime.fromMillis(instant, { zone }).toFormat('yyyy-MM-dd HH:mm:ss');

describe('a local time read in the player\'s zone', () => {
  it('reads a plain time as the wall clock shows it', () => {
    expect(iso(resolveTime(local('2026-06-01 08:00:00'), 'Europe/London'), 'Europe/London')).toBe('2026-06-01T08:00:00+01:00');
    expect(iso(resolveTime(local('2026-01-15T23:59'), 'Asia/Tokyo'), 'Asia/Tokyo')).toBe('2026-01-15T23:59:00+09:00');
    expect(resolveTime(local('2026-01-15 12:00:00'), 'UTC')).toBe(Date.UTC(2026, 0, 15, 12));
  });

  it('moves a time in the spring-forward gap forward by the gap', () => {
    expect(iso(resolveTime(local('2026-03-29 01:30:00'), 'Europe/London'), 'Europe/London')).toBe('2026-03-29T02:30:00+01:00');
    expect(iso(resolveTime(local('2026-03-08 02:30:00'), 'America/New_York'), 'America/New_York')).toBe('2026-03-08T03:30:00-04:00');
    // Lord Howe springs forward by 30 minutes at 02:00.
    expect(iso(resolveTime(local('2026-10-04 02:15:00'), 'Australia/Lord_Howe'), 'Australia/Lord_Howe')).toBe('2026-10-04T02:45:00+11:00');
  });

  it('reads a time that happens twice as its first (earlier) instance', () => {
    expect(iso(resolveTime(local('2026-10-25 01:30:00'), 'Europe/London'), 'Europe/London')).toBe('2026-10-25T01:30:00+01:00');
    expect(iso(resolveTime(local('2026-11-01 01:30:00'), 'America/New_York'), 'America/New_York')).toBe('2026-11-01T01:30:00-04:00');
    expect(iso(resolveTime(local('2026-04-05 01:45:00'), 'Australia/Lord_Howe'), 'Australia/Lord_Howe')).toBe('2026-04-05T01:45:00+11:00');
  });

  it("keeps a series' local time when its start is given in the gap, and when an edit keeps that start", () => {
    const zone = 'Europe/London';
    const gap = local('2027-03-28 01:30:00');
    const start = resolveTime(gap, zone);
    expect(localStartOf(gap, start, zone)).toBe('2027-03-28 01:30:00');
    // A time that exists (once, or twice) is the series' own wall clock: nothing to keep.
    expect(localStartOf(local('2027-03-28 02:30:00'), start, zone)).toBeNull();
    expect(localStartOf(local('2027-10-31 01:30:00'), resolveTime(local('2027-10-31 01:30:00'), zone), zone)).toBeNull();
    // An edit sending the first start back as an instant keeps it; one moving it, or in another zone, does not.
    const kept = { start: new Date(start), local_start: '2027-03-28 01:30:00' };
    expect(localStartOf(start, start, zone, kept)).toBe('2027-03-28 01:30:00');
    expect(localStartOf(start + 60_000, start + 60_000, zone, kept)).toBeNull();
    expect(localStartOf(start, start, 'Asia/Tokyo', kept)).toBeNull();
  });

  it('leaves instants as they are', () => {
    expect(resolveTime(1_774_747_800_000, 'Europe/London')).toBe(1_774_747_800_000);
  });
});

// Every DST transition of a zone in a year, found with Luxon (not with the memoized offsets of
// recurrence.ts): a day at a time, then to the minute.
const transitionCache = new Map<string, { at: number; before: number; after: number }[]>();
function transitions(zone: string, year: number) {
  const key = `${zone} ${year}`;
  const known = transitionCache.get(key);
  if (known) return known;
  const offset = (t: number) => DateTime.fromMillis(t, { zone }).offset;
  const found: { at: number; before: number; after: number }[] = [];
  for (let day = Date.UTC(year, 0, 1); day < Date.UTC(year + 1, 0, 1); day += 86_400_000) {
    if (offset(day) === offset(day + 86_400_000)) continue;
    let [lo, hi] = [day, day + 86_400_000];
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (offset(mid) === offset(day)) lo = mid;
      else hi = mid;
    }
    found.push({ at: hi, before: offset(day), after: offset(hi) });
  }
  transitionCache.set(key, found);
  return found;
}

/** Every instant whose wall clock in the zone shows this reading (none in a gap, two in a repeated hour). */
function instantsReading(wall: number, zone: string, offsets: number[]): number[] {
  const text = new Date(wall).toISOString().slice(0, 19).replace('T', ' ');
  return [...new Set(offsets.map((o) => wall - o * MINUTE))].filter((t) => reading(t, zone) === text).sort((a, b) => a - b);
}

const zones = ['Europe/London', 'Europe/Dublin', 'America/New_York', 'America/Havana', 'America/Sao_Paulo', 'America/Santiago', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Tokyo', 'UTC'];
// Instants and readings near a transition (where the rule matters), or anywhere in the year.
const nearTransition = fc
  .record({ zone: fc.constantFrom(...zones), year: fc.integer({ min: 2000, max: 2040 }), pick: fc.nat(), minutes: fc.integer({ min: -180, max: 180 }), second: fc.integer({ min: 0, max: 59 }) })
  .map(({ zone, year, pick, minutes, second }) => {
    const list = transitions(zone, year);
    const at = Date.UTC(year, 0, 1) + (pick % 365) * 86_400_000;
    const steady = DateTime.fromMillis(at, { zone }).offset;
    const change = list.length ? list[pick % list.length]! : { at, before: steady, after: steady };
    return { zone, change, delta: minutes * MINUTE + second * 1000 };
  });

describe('the rule against an independent oracle (Luxon)', () => {
  it('reads back what the wall clock showed: the same instant, or the earlier one in a repeated hour', () => {
    fc.assert(
      fc.property(nearTransition, ({ zone, change, delta }) => {
        const instant = change.at + delta;
        // As Airwave writes it (exp_start), and as Luxon does: the same reading.
        const text = localWallTime(isoInZone(instant, zone));
        expect(text).toBe(reading(instant, zone));
        const resolved = resolveTime(local(text), zone);
        const same = instantsReading(local(text).wall, zone, [change.before, change.after, DateTime.fromMillis(instant, { zone }).offset]);
        expect(same).toContain(instant);
        expect(resolved).toBe(same[0]);
        if (same.length === 1) expect(resolved).toBe(instant);
      }),
      { numRuns: 2_000 },
    );
  }, limit(60_000));

  it('moves a reading in the gap forward by the gap, and reads every other one at its first instance', () => {
    fc.assert(
      fc.property(nearTransition, ({ zone, change, delta }) => {
        // Readings around the wall clock just before the change.
        const wall = Math.floor((change.at + change.before * MINUTE + delta) / 1000) * 1000;
        const text = new Date(wall).toISOString().slice(0, 19).replace('T', ' ');
        const resolved = resolveTime(local(text), zone);
        const same = instantsReading(wall, zone, [change.before, change.after]);
        if (same.length > 0) {
          expect(resolved).toBe(same[0]);
          return;
        }
        const gap = change.after - change.before;
        expect(gap).toBeGreaterThan(0);
        expect(resolved).toBe(wall - change.before * MINUTE);
        expect(reading(resolved, zone)).toBe(new Date(wall + gap * MINUTE).toISOString().slice(0, 19).replace('T', ' '));
      }),
      { numRuns: 2_000 },
    );
  }, limit(60_000));
});

describe('entries and windows', () => {
  const zoneOf = (zone: string) => {
    const asked: number[] = [];
    return { asked, lookup: async (id: number) => (asked.push(id), zone) };
  };

  it('reads start and stop in the player\'s zone, and asks for the zone only when a time is local', async () => {
    const london = zoneOf('Europe/London');
    const sent = { player_id: 3, mode: 'daily' as const, duration: 60, start: local('2026-03-29 01:30:00') as TimeValue, stop: local('2026-10-25 01:30:00') as TimeValue };
    const entry = await entryInstants(sent, london.lookup);
    expect([isoInZone(entry.start, 'Europe/London'), isoInZone(entry.stop!, 'Europe/London')]).toEqual(['2026-03-29T02:30:00+01:00', '2026-10-25T01:30:00+01:00']);
    expect(london.asked).toEqual([3]);
    const instants = zoneOf('Europe/London');
    expect(await entryInstants({ ...sent, start: 5_000, stop: null }, instants.lookup)).toMatchObject({ start: 5_000, stop: null });
    expect(instants.asked).toEqual([]);
  });

  it('checks a local window once it is read, where the gap can turn it around', async () => {
    const london = zoneOf('Europe/London');
    const window = await windowInstants({ start: local('2026-10-25 00:00:00'), end: local('2026-10-26 00:00:00'), player: 1 }, london.lookup);
    // 25 hours: the day the clocks go back.
    expect(window.to - window.from).toBe(25 * 3_600_000);
    // 01:30 is in the gap (read as 02:30 BST), later than 02:00 BST.
    const backwards = await windowInstants({ start: local('2026-03-29 01:30:00'), end: local('2026-03-29 02:00:00'), player: 1 }, london.lookup).catch((e: unknown) => e);
    expect(AirwaveError.is(backwards, 'bad_request')).toBe(true);
    expect((backwards as AirwaveError).details).toEqual({ issues: [{ path: 'end', message: expect.stringContaining('end must be after start') }] });
    const noPlayer = await windowInstants({ start: local('2026-03-29 00:00:00'), end: 1_800_000_000_000 }, london.lookup).catch((e: unknown) => e);
    expect((noPlayer as AirwaveError).details).toEqual({ issues: [{ path: 'player', message: expect.any(String) }] });
    expect(await windowInstants({ start: 1, end: 2 }, london.lookup)).toEqual({ from: 1, to: 2 });
  });
});

// The feed's parts: VTIMEZONE from the zone data the schedule uses, which local times calendar
// apps could read two ways, and occurrences at such times pinned to their instants.
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { wallReadings } from '../schedule/recurrence';
import { seriesEvents } from './series-events';
import { transitions, vtimezone } from './vtimezone';

const wall = (text: string) => DateTime.fromISO(text, { zone: 'UTC' }).toMillis();

describe('vtimezone', () => {
  it("lists each offset change of the span at its instant, with the offsets before and after", () => {
    expect(transitions('Europe/London', Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))).toEqual([Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)]);
    expect(transitions('Asia/Tokyo', Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))).toEqual([]);
    const text = vtimezone('Australia/Lord_Howe', Date.UTC(2026, 0, 1), Date.UTC(2026, 11, 31));
    // Lord Howe moves by half an hour: 02:00 local back to 01:30 in April, forward again in October.
    expect(text).toContain('DTSTART:20260405T020000\r\nTZOFFSETFROM:+1100\r\nTZOFFSETTO:+1030');
    expect(text).toContain('DTSTART:20261004T020000\r\nTZOFFSETFROM:+1030\r\nTZOFFSETTO:+1100');
    expect(text.startsWith('BEGIN:VTIMEZONE\r\nTZID:Australia/Lord_Howe\r\n')).toBe(true);
  });
});

describe('wallReadings', () => {
  it('counts the instants a local time has: none in the spring gap, two in the autumn hour', () => {
    expect(wallReadings(wall('2026-03-29T01:30:00'), 'Europe/London')).toBe(0);
    expect(wallReadings(wall('2026-10-25T01:30:00'), 'Europe/London')).toBe(2);
    expect(wallReadings(wall('2026-10-25T03:30:00'), 'Europe/London')).toBe(1);
    expect(wallReadings(wall('2026-10-04T02:15:00'), 'Australia/Lord_Howe')).toBe(0);
  });
});

describe('seriesEvents', () => {
  const row = (start: string, stop: string) => ({ id: 7, player_id: 1, user_id: 1, mode: 'daily', x_data: null, start: new Date(start), duration: 1800, stop: new Date(stop) });
  it('pins the occurrences at local times calendars read two ways, and excludes them from the rule by their local time', () => {
    // 01:30 London every day from 27 March to 27 October: the 29 March one airs at 02:30 BST, the 25 October one at the first 01:30.
    const events = seriesEvents({ row: row('2026-03-27T01:30:00Z', '2026-10-27T00:30:00Z'), zone: 'Europe/London', exceptions: [], uid: 'show-7@airwave', summary: 'Night' });
    expect(events[0]!.rules).toBe('RRULE:FREQ=DAILY;INTERVAL=1;UNTIL=20261027T003000Z\nEXDATE;TZID=Europe/London:20260329T013000,20261025T013000');
    expect(events.slice(1)).toEqual([
      { uid: 'show-7.20260329T013000Z@airwave', start: Date.parse('2026-03-29T02:30:00+01:00'), end: Date.parse('2026-03-29T03:00:00+01:00'), summary: 'Night', zone: null },
      { uid: 'show-7.20261025T003000Z@airwave', start: Date.parse('2026-10-25T01:30:00+01:00'), end: Date.parse('2026-10-25T02:00:00+01:00'), summary: 'Night', zone: null },
    ]);
  });

  it('writes a skipped occurrence as EXDATE and a moved one as an override of its original start', () => {
    const exception = (id: number, original: string, skip: boolean, start: string | null) => ({
      id, series_id: 7, user_id: 1, original_start: new Date(original), skip, start: start ? new Date(start) : null, duration: start ? 600 : null, created: new Date(),
    });
    const events = seriesEvents({
      row: row('2026-06-01T08:00:00Z', '2026-06-05T08:00:00Z'),
      zone: 'Europe/London',
      exceptions: [exception(1, '2026-06-02T08:00:00Z', true, null), exception(2, '2026-06-03T08:00:00Z', false, '2026-06-03T12:00:00Z'), exception(3, '2026-06-03T09:00:00Z', true, null)],
      uid: 'show-7@airwave',
      summary: 'Morning',
    });
    expect(events[0]!.rules).toBe('RRULE:FREQ=DAILY;INTERVAL=1;UNTIL=20260605T080000Z\nEXDATE;TZID=Europe/London:20260602T090000');
    // The third exception names no occurrence (09:00 UTC): nothing of it is written.
    expect(events.slice(1)).toEqual([{ uid: 'show-7@airwave', start: Date.parse('2026-06-03T12:00:00Z'), end: Date.parse('2026-06-03T12:10:00Z'), summary: 'Morning', zone: 'Europe/London', recurrenceId: Date.parse('2026-06-03T08:00:00Z') }]);
  });
});

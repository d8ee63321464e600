// The feed's parts: VTIMEZONE from the zone data the schedule uses, at exact instants and over every
// time the feed holds; which occurrences calendar apps could read two ways, pinned to their instants;
// overrides at their instants; the master's length as DURATION; CRLF to the last line.
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { wallReadings } from '../schedule/recurrence';
import { calendarFeed } from './feed';
import { seriesEvents } from './series-events';
import { transitions, vtimezone } from './vtimezone';

const wall = (text: string) => DateTime.fromISO(text, { zone: 'UTC' }).toMillis();
const row = (start: string, stop: string, fields: { mode?: string; duration?: number; local_start?: string } = {}) => ({
  id: 7,
  player_id: 1,
  user_id: 1,
  mode: fields.mode ?? 'daily',
  x_data: null,
  start: new Date(start),
  duration: fields.duration ?? 1800,
  stop: new Date(stop),
  local_start: fields.local_start ?? null,
});
const exception = (id: number, original: string, skip: boolean, start: string | null, duration = 600) => ({
  id,
  series_id: 7,
  user_id: 1,
  original_start: new Date(original),
  skip,
  start: start ? new Date(start) : null,
  duration: start ? duration : null,
  created: new Date(),
});

describe('vtimezone', () => {
  it('lists each offset change of the span at its exact instant, with the offsets before and after', () => {
    expect(transitions('Europe/London', Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))).toEqual([Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)]);
    expect(transitions('Asia/Tokyo', Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))).toEqual([]);
    const text = vtimezone('Australia/Lord_Howe', Date.UTC(2026, 0, 1), Date.UTC(2026, 11, 31)).join('\r\n');
    // Lord Howe moves by half an hour: 02:00 local back to 01:30 in April, forward again in October.
    expect(text).toContain('DTSTART:20260405T020000\r\nTZOFFSETFROM:+1100\r\nTZOFFSETTO:+1030');
    expect(text).toContain('DTSTART:20261004T020000\r\nTZOFFSETFROM:+1030\r\nTZOFFSETTO:+1100');
    expect(text.startsWith('BEGIN:VTIMEZONE\r\nTZID:Australia/Lord_Howe\r\n')).toBe(true);
  });

  it('finds the changes to the second whatever second the span starts at (a feed is made at any time)', () => {
    const from = Date.UTC(2026, 0, 1, 13, 27, 40, 123);
    expect(transitions('Europe/London', from, Date.UTC(2027, 0, 1))).toEqual([Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)]);
    const text = vtimezone('America/St_Johns', from, Date.UTC(2026, 11, 31)).join('\r\n');
    expect(text).toContain('DTSTART:20261101T020000\r\nTZOFFSETFROM:-0230\r\nTZOFFSETTO:-0330');
    // The first observance starts at midnight UTC the day before the span, in the offset then.
    expect(text).toContain('BEGIN:STANDARD\r\nDTSTART:20251230T203000\r\nTZOFFSETFROM:-0330\r\nTZOFFSETTO:-0330');
    expect(transitions('Asia/Kathmandu', from, Date.UTC(2027, 0, 1))).toEqual([]);
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
  it('pins the occurrences at local times calendars read two ways, and excludes them from the rule by their local time', () => {
    // 01:30 London every day from 27 March to 27 October: the 29 March one airs at 02:30 BST, the 25 October one at the first 01:30.
    const events = seriesEvents({ row: row('2026-03-27T01:30:00Z', '2026-10-27T00:30:00Z'), zone: 'Europe/London', exceptions: [], uid: 'show-7@airwave', summary: 'Night' });
    expect(events[0]).toEqual({
      kind: 'master',
      uid: 'show-7@airwave',
      summary: 'Night',
      start: { zone: 'Europe/London', wall: wall('2026-03-27T01:30:00') },
      duration: 1800,
      rule: { frequency: 'DAILY', interval: 1, until: Date.parse('2026-10-26T01:30:00Z') },
      excluded: [wall('2026-03-29T01:30:00'), wall('2026-10-25T01:30:00')],
    });
    expect(events.slice(1)).toEqual([
      { kind: 'instant', uid: 'show-7.20260329T013000Z@airwave', start: Date.parse('2026-03-29T02:30:00+01:00'), end: Date.parse('2026-03-29T03:00:00+01:00'), summary: 'Night' },
      { kind: 'instant', uid: 'show-7.20261025T003000Z@airwave', start: Date.parse('2026-10-25T01:30:00+01:00'), end: Date.parse('2026-10-25T02:00:00+01:00'), summary: 'Night' },
    ]);
  });

  it('pins an occurrence that ends in the repeated hour, or spans an offset change, every one of them', () => {
    // Weekly from 01:05 EDT on 7 November 2027 for an hour: it ends at 01:05 EST (the second pass).
    const first = seriesEvents({ row: row('2027-11-07T05:05:00Z', '2027-11-21T06:05:00Z', { mode: 'weekly', duration: 3600 }), zone: 'America/New_York', exceptions: [], uid: 's@a', summary: 'S' });
    expect(first[0]).toMatchObject({ start: { wall: wall('2027-11-07T01:05:00') }, duration: 3600, excluded: [wall('2027-11-07T01:05:00')] });
    expect(first.slice(1)).toEqual([{ kind: 'instant', uid: 's.20271107T050500Z@a', start: Date.parse('2027-11-07T01:05:00-04:00'), end: Date.parse('2027-11-07T01:05:00-05:00'), summary: 'S' }]);
    // First at the second 01:45 (EST): only that first one is read two ways.
    const second = seriesEvents({ row: row('2027-11-07T06:45:00Z', '2027-11-21T06:45:00Z', { mode: 'weekly', duration: 3600 }), zone: 'America/New_York', exceptions: [], uid: 's@a', summary: 'S' });
    expect(second[0]).toMatchObject({ start: { wall: wall('2027-11-07T01:45:00') }, excluded: [wall('2027-11-07T01:45:00')] });
    expect(second.slice(1).map((e) => e.kind === 'instant' && [e.start, e.end])).toEqual([[Date.parse('2027-11-07T01:45:00-05:00'), Date.parse('2027-11-07T02:45:00-05:00')]]);
  });

  it('ends the rule (UNTIL) at the last occurrence, so no app reads a later local time in a gap as before `stop`', () => {
    // Stopped just before the gap day's occurrence (02:30 BST, 01:30Z): ical.js reads that day's 01:30 as BST (00:30Z).
    const events = seriesEvents({ row: row('2027-03-25T01:30:00Z', '2027-03-28T01:29:59Z'), zone: 'Europe/London', exceptions: [], uid: 'n@a', summary: 'N' });
    expect(events).toEqual([expect.objectContaining({ rule: { frequency: 'DAILY', interval: 1, until: Date.parse('2027-03-27T01:30:00Z') }, excluded: [] })]);
  });

  it('writes a skipped occurrence as EXDATE and a moved one as an override of its original local start, at its instants', () => {
    const events = seriesEvents({
      row: row('2026-06-01T08:00:00Z', '2026-06-05T08:00:00Z'),
      zone: 'Europe/London',
      exceptions: [exception(1, '2026-06-02T08:00:00Z', true, null), exception(2, '2026-06-03T08:00:00Z', false, '2026-06-03T12:00:00Z'), exception(3, '2026-06-03T09:00:00Z', true, null)],
      uid: 'show-7@airwave',
      summary: 'Morning',
    });
    expect(events[0]).toMatchObject({ excluded: [wall('2026-06-02T09:00:00')] });
    // The third exception names no occurrence (09:00 UTC): nothing of it is written.
    expect(events.slice(1)).toEqual([
      { kind: 'instant', uid: 'show-7@airwave', start: Date.parse('2026-06-03T12:00:00Z'), end: Date.parse('2026-06-03T12:10:00Z'), summary: 'Morning', recurrenceId: { zone: 'Europe/London', wall: wall('2026-06-03T09:00:00') } },
    ]);
  });

  it("starts a series given a local time in the spring gap at that local time, so the rule keeps it", () => {
    // local_start 01:30 on 28 March 2027 (London's gap): the first airs at 02:30 BST, the rest at 01:30.
    const events = seriesEvents({ row: row('2027-03-28T01:30:00Z', '2027-03-31T00:30:00Z', { local_start: '2027-03-28 01:30:00' }), zone: 'Europe/London', exceptions: [], uid: 'n@a', summary: 'N' });
    expect(events[0]).toMatchObject({ start: { wall: wall('2027-03-28T01:30:00') }, excluded: [wall('2027-03-28T01:30:00')] });
    expect(events.slice(1).map((e) => e.kind === 'instant' && e.start)).toEqual([Date.parse('2027-03-28T02:30:00+01:00')]);
  });
});

describe('calendarFeed', () => {
  const feed = () =>
    calendarFeed('Night; FM', [
      {
        // Every day from 1 December 2026 (New York); the first moved to 1 June 2026, months earlier; a series across the autumn change.
        row: row('2026-12-01T13:00:00Z', '2026-12-04T13:00:00Z'),
        zone: 'America/New_York',
        exceptions: [exception(1, '2026-12-01T13:00:00Z', false, '2026-06-01T13:00:00Z', 3600), exception(2, '2026-12-02T13:00:00Z', false, '2026-11-01T06:30:00Z')],
        uid: 'show-7@airwave',
        summary: 'Morning, early',
      },
    ]);

  it('writes the master with DURATION (no DTEND), overrides at their instants, and ends every line with CRLF', () => {
    const text = feed();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain('DTSTART;TZID=America/New_York:20261201T080000\r\nDURATION:PT1800S\r\nRRULE:FREQ=DAILY;INTERVAL=1;UNTIL=20261204T130000Z\r\n');
    // Into the second 01:30 of 1 November: written as an instant, never as a local time read as the first.
    expect(text).toContain('RECURRENCE-ID;TZID=America/New_York:20261202T080000\r\nDTSTART:20261101T063000Z\r\nDTEND:20261101T064000Z\r\n');
    expect(text).toContain('SUMMARY:Morning\\, early');
    expect(text).toContain('NAME:Night\\; FM');
  });

  it('starts the VTIMEZONE before the earliest time the feed holds, a moved occurrence included', () => {
    const text = feed();
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\nBEGIN:DAYLIGHT\r\nDTSTART:20260530T200000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0400');
    expect(text).toContain('BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500');
  });
});

// The RFC 5545 reader on feeds written by hand, each line checked against the RFC's text: so that
// when it agrees with the API, it is because the feed says what the API says.
import { describe, expect, it } from 'vitest';
import { readFeedAsRfc5545 } from './rfc5545';

// America/New_York for 2027: EDT from 14 March 02:00 EST, EST from 7 November 02:00 EDT.
const NEW_YORK = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:STANDARD',
  'DTSTART:20270101T000000',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0500',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:20270314T020000',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'DTSTART:20271107T020000',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'END:STANDARD',
  'END:VTIMEZONE',
];
const calendar = (...events: string[][]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...NEW_YORK, ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20270101T000000Z', ...lines, 'END:VEVENT'];
const YEAR = [Date.parse('2027-01-01T05:00:00Z'), Date.parse('2028-01-01T00:00:00Z')] as const;
const read = (text: string, gaps: 'ignore' | 'shift' = 'ignore') => readFeedAsRfc5545(text, ...YEAR, gaps).map((o) => [new Date(o.start).toISOString(), (o.end - o.start) / 60_000, o.summary]);

describe('readFeedAsRfc5545', () => {
  it('reads a repeated local time as its first pass, and DTEND − DTSTART as exact time (3.3.5, 3.8.5.3)', () => {
    // 01:05 to 01:05 on the day the clocks go back: both read as the first 01:05 (EDT), so 0 minutes.
    expect(read(calendar(event('UID:a', 'DTSTART;TZID=America/New_York:20271107T010500', 'DTEND;TZID=America/New_York:20271107T010500', 'SUMMARY:A')))).toEqual([['2027-11-07T05:05:00.000Z', 0, 'A']]);
    // The same start with DURATION: an hour of exact time, to 01:05 EST; UTC times are taken as they are.
    expect(read(calendar(event('UID:a', 'DTSTART;TZID=America/New_York:20271107T010500', 'DURATION:PT1H', 'SUMMARY:A'), event('UID:b', 'DTSTART:20271107T063000Z', 'DTEND:20271107T070000Z', 'SUMMARY:B')))).toEqual([
      ['2027-11-07T05:05:00.000Z', 60, 'A'],
      ['2027-11-07T06:30:00.000Z', 30, 'B'],
    ]);
  });

  it('ignores a recurrence instance in the spring gap (3.3.10), or reads it with the offset before the gap (3.3.5)', () => {
    const text = calendar(event('UID:n', 'DTSTART;TZID=America/New_York:20270313T023000', 'DURATION:PT30M', 'RRULE:FREQ=DAILY;UNTIL=20270315T070000Z', 'SUMMARY:N'));
    expect(read(text)).toEqual([
      ['2027-03-13T07:30:00.000Z', 30, 'N'],
      ['2027-03-15T06:30:00.000Z', 30, 'N'],
    ]);
    expect(read(text, 'shift').map((o) => o[0])).toEqual(['2027-03-13T07:30:00.000Z', '2027-03-14T07:30:00.000Z', '2027-03-15T06:30:00.000Z']);
  });

  it('skips months without the start day, applies EXDATE and RECURRENCE-ID, and stops at UNTIL', () => {
    const text = calendar(
      event('UID:m', 'DTSTART;TZID=America/New_York:20270131T120000', 'DURATION:PT1H', 'RRULE:FREQ=MONTHLY;INTERVAL=1;UNTIL=20270731T160000Z', 'EXDATE;TZID=America/New_York:20270331T120000', 'SUMMARY:M\\, monthly'),
      event('UID:m', 'RECURRENCE-ID;TZID=America/New_York:20270531T120000', 'DTSTART:20270601T160000Z', 'DTEND:20270601T161000Z', 'SUMMARY:Moved'),
    );
    expect(read(text)).toEqual([
      ['2027-01-31T17:00:00.000Z', 60, 'M, monthly'],
      ['2027-06-01T16:00:00.000Z', 10, 'Moved'],
      ['2027-07-31T16:00:00.000Z', 60, 'M, monthly'],
    ]);
  });

  it('unfolds long lines, and refuses what RFC 5545 does not allow or this reader does not read', () => {
    const folded = calendar(event('UID:f', 'DTSTART:20270601T160000Z', 'DURATION:PT1H', 'SUMMARY:A long sum', ' mary'));
    expect(read(folded)).toEqual([['2027-06-01T16:00:00.000Z', 60, 'A long summary']]);
    expect(() => read(folded.slice(0, -2))).toThrow(/last content line must end with CRLF/);
    expect(() => read(folded.replace('VERSION:2.0\r\n', 'VERSION:2.0\n'))).toThrow(/CRLF/);
    // Before the VTIMEZONE's first observance: outside the zone.
    expect(() => read(calendar(event('UID:e', 'DTSTART;TZID=America/New_York:20261231T120000', 'DURATION:PT1H')))).toThrow(/outside the VTIMEZONE/);
    expect(() => read(calendar(event('UID:e', 'DTSTART:20270601T160000', 'DURATION:PT1H')))).toThrow(/floating/);
    expect(() => read(calendar(event('UID:r', 'DTSTART:20270601T160000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY;COUNT=3')))).toThrow(/COUNT/);
    const orphan = calendar(event('UID:o', 'DTSTART:20270601T160000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY;UNTIL=20270603T160000Z'), event('UID:o', 'RECURRENCE-ID:20270602T170000Z', 'DTSTART:20270602T180000Z', 'DURATION:PT1H'));
    expect(() => read(orphan)).toThrow(/names no instance/);
  });
});

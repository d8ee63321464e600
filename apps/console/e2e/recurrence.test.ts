// A series' summary names the days it airs (issue 35, point 10): no browser needed.
import { describe, expect, it } from 'vitest';
import { lastOccurrence, summary } from '../src/schedule/recurrence';

const zone = 'Europe/London';
const weekly = { date: '2027-03-07', time: '08:00', mode: 'weekly' as const, every: 2, stop: '', durationMinutes: 60 };

describe('a series summary', () => {
  it('names the last occurrence of a split series, not the day of the split', () => {
    // Split at Sunday 21 March 2027 08:00 GMT: the series stops one second before it.
    const before = { ...weekly, stop: '2027-03-21', stopExact: '2027-03-21T07:59:59.000Z' };
    expect(summary(before, zone)).toBe('every week on Sunday at 08:00 London time until 14 Mar 2027, for 1 hour, from 7 Mar 2027');
    expect(lastOccurrence(before, zone)?.toISO()).toBe('2027-03-14T08:00:00.000+00:00');
  });

  it('names the last day it airs when the last day typed is not one', () => {
    expect(summary({ ...weekly, stop: '2027-03-24' }, zone)).toContain('until 21 Mar 2027,');
    expect(summary({ ...weekly, stop: '2027-03-21' }, zone)).toContain('until 21 Mar 2027,');
    expect(summary({ ...weekly, mode: 'xweeks', stop: '2027-03-27' }, zone)).toContain('every 2 weeks on Sunday at 08:00 London time until 21 Mar 2027,');
  });

  it('keeps the local time across a clock change, and airs the 31st only in months that have one', () => {
    expect(lastOccurrence({ ...weekly, stop: '2027-04-04' }, zone)?.toISO()).toBe('2027-04-04T08:00:00.000+01:00');
    expect(lastOccurrence({ ...weekly, date: '2027-01-31', mode: 'monthly', stop: '2027-05-30' }, zone)?.toISODate()).toBe('2027-03-31');
    expect(lastOccurrence({ ...weekly, mode: 'daily', stop: '2027-03-09' }, zone)?.toISODate()).toBe('2027-03-09');
  });

  it('says "until changed" without a last day, and the typed day when it is before the first', () => {
    expect(summary(weekly, zone)).toContain('until changed,');
    expect(summary({ ...weekly, stop: '2027-03-01' }, zone)).toContain('until 1 Mar 2027,');
    expect(lastOccurrence({ ...weekly, mode: 'once', stop: '2027-04-01' }, zone)).toBeNull();
  });
});

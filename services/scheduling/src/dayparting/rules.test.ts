// When a restriction is in force (wrapping the year, wrapping midnight) and which dates it may name.
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { impossibleDate, restrictionActive } from './rules';

const at = (iso: string) => DateTime.fromISO(iso, { zone: 'UTC' });
const range = (start: string, end: string, startTime: string, endTime: string) => {
  const [start_month, start_day] = start.split('-').map(Number) as [number, number];
  const [end_month, end_day] = end.split('-').map(Number) as [number, number];
  return { start_month, start_day, start_time: startTime, end_month, end_day, end_time: endTime };
};

describe('restrictionActive', () => {
  it('holds from the start date to the end date inclusive, during the time range', () => {
    const march = range('3-1', '3-31', '08:00', '10:00');
    expect(restrictionActive(march, at('2026-03-01T08:00:00'))).toBe(true);
    expect(restrictionActive(march, at('2026-03-31T10:00:00'))).toBe(true);
    expect(restrictionActive(march, at('2026-03-15T10:00:01'))).toBe(false);
    expect(restrictionActive(march, at('2026-04-01T09:00:00'))).toBe(false);
  });

  it('wraps the year', () => {
    const winter = range('12-1', '2-28', '00:00', '23:59:59');
    expect(restrictionActive(winter, at('2026-12-24T12:00:00'))).toBe(true);
    expect(restrictionActive(winter, at('2027-01-15T12:00:00'))).toBe(true);
    expect(restrictionActive(winter, at('2026-03-01T12:00:00'))).toBe(false);
  });

  it('gives a night that wraps midnight to the date it started on', () => {
    const lastNightOfMarch = range('3-31', '3-31', '22:00', '06:00');
    expect(restrictionActive(lastNightOfMarch, at('2026-03-31T23:00:00'))).toBe(true);
    expect(restrictionActive(lastNightOfMarch, at('2026-04-01T05:00:00'))).toBe(true);
    expect(restrictionActive(lastNightOfMarch, at('2026-03-31T05:00:00'))).toBe(false);
    expect(restrictionActive(lastNightOfMarch, at('2026-03-31T12:00:00'))).toBe(false);
  });
});

describe('impossibleDate', () => {
  it('accepts every date some year has, 29 February included', () => {
    expect(impossibleDate({ start_month: 2, start_day: 29, end_month: 12, end_day: 31 })).toBeNull();
  });

  it('names the first field whose month has no such day', () => {
    expect(impossibleDate({ start_month: 4, start_day: 31, end_month: 2, end_day: 30 })).toBe('Invalid input: start_day: month 4 has no day 31');
    expect(impossibleDate({ start_month: 1, start_day: 1, end_month: 2, end_day: 30 })).toBe('Invalid input: end_day: month 2 has no day 30');
  });
});

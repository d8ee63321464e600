// Which media items a show may air, and where a user without manage_timeslots may schedule.
import { describe, expect, it } from 'vitest';
import { lastEnd, ruleOf, type EntryRow } from '../schedule/entries';
import { expand, type Recurrence } from '../schedule/recurrence';
import { firstOutside, mediaItemProblem } from './rules';

const zone = 'Europe/London';
const entry = (id: number, mode: string, start: string, duration: number, stop: string | null): EntryRow => ({
  id,
  player_id: 1,
  user_id: 2,
  mode,
  x_data: null,
  start: new Date(start),
  duration,
  stop: stop ? new Date(stop) : null,
});

describe('mediaItemProblem', () => {
  it('refuses a missing, archived or unapproved item, and takes an approved one', () => {
    expect(mediaItemProblem(undefined, 9)).toBe('Invalid input: item_id: media item 9 does not exist');
    expect(mediaItemProblem({ is_archived: true, is_approved: true }, 9)).toBe('Invalid input: item_id: media item 9 is archived');
    expect(mediaItemProblem({ is_archived: false, is_approved: false }, 9)).toBe('Invalid input: item_id: media item 9 is not approved');
    expect(mediaItemProblem({ is_archived: false, is_approved: true }, 9)).toBeNull();
  });
});

/** The show's occurrences against the slots' occurrences over the show's span. */
const firstOutsideTimeslots = (show: Recurrence, slots: EntryRow[]) =>
  firstOutside(
    expand(show, show.start, lastEnd(show)),
    slots.flatMap((slot) => expand(ruleOf(slot, zone), show.start - slot.duration * 1000, lastEnd(show))),
  );

describe('firstOutside', () => {
  // Every day 08:00–10:00 London time through April, across the change to summer time.
  const slots = [entry(1, 'daily', '2026-03-20T08:00:00Z', 7200, '2026-04-30T08:00:00Z')];

  it('accepts a show whose every occurrence lies inside a timeslot occurrence', () => {
    const show = ruleOf(entry(5, 'daily', '2026-03-25T08:30:00Z', 3600, '2026-04-05T08:30:00+01:00'), zone);
    expect(firstOutsideTimeslots(show, slots)).toBeNull();
  });

  it('answers the first occurrence that sticks out', () => {
    // 09:30–10:30 local, 10 to 12 April: past the daily slot's 10:00, but on the 10th a one-time
    // slot (08:00–12:00 local) holds it, so the 11th is the first outside.
    const show = ruleOf(entry(5, 'daily', '2026-04-10T09:30:00+01:00', 3600, '2026-04-12T09:30:00+01:00'), zone);
    const extra = entry(2, 'once', '2026-04-10T08:00:00+01:00', 14_400, null);
    expect(firstOutsideTimeslots(show, [...slots, extra])).toEqual({ start: Date.parse('2026-04-11T09:30:00+01:00'), end: Date.parse('2026-04-11T10:30:00+01:00') });
    expect(firstOutsideTimeslots(show, slots)).toEqual({ start: Date.parse('2026-04-10T09:30:00+01:00'), end: Date.parse('2026-04-10T10:30:00+01:00') });
  });

  it('refuses everything without timeslots', () => {
    const show = ruleOf(entry(5, 'once', '2026-03-25T08:30:00Z', 3600, null), zone);
    expect(firstOutsideTimeslots(show, [])).toEqual({ start: Date.parse('2026-03-25T08:30:00Z'), end: Date.parse('2026-03-25T09:30:00Z') });
  });
});

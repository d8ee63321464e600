// What a drag in the calendar means and how it is undone (src/schedule/drag-plan.ts): no browser needed.
import { describe, expect, it } from 'vitest';
import { entryInputOf, newTimes, seriesStartAfterMove, undoPlan, type StoredEntry } from '../src/schedule/drag-plan';

const zone = 'Europe/London';
const weekly: StoredEntry = {
  id: 7,
  player_id: 1,
  mode: 'weekly',
  x_data: null,
  start: '2026-05-03T10:00:00+01:00',
  duration: 3600,
  stop: '2026-05-31T23:59:59+01:00',
  local_start: null,
  item_type: 'live',
  item_id: 0,
  user_id: 1,
  exceptions: [
    { id: 20, series_id: 7, user_id: 1, original_start: '2026-05-10T10:00:00+01:00', skip: true, start: null, duration: null, matches: true, item_type: null, item_id: null },
    { id: 21, series_id: 7, user_id: 1, original_start: '2026-05-24T10:00:00+01:00', skip: false, start: '2026-05-24T12:00:00+01:00', duration: 1800, matches: true, item_type: 'media', item_id: 5 },
  ],
};

describe('a dragged entry', () => {
  it('keeps its length when dropped into the 25-hour day, and takes the real length when resized', () => {
    // Saturday 24 Oct 2026 09:00 BST, one hour, dropped on Sunday 25 Oct 06:00 GMT (after the clock went back).
    const dropped = newTimes(new Date('2026-10-25T06:00:00Z'), new Date('2026-10-25T07:00:00Z'), 3600, false, zone);
    expect(dropped).toEqual({ start: '2026-10-25T06:00:00+00:00', duration: 3600 });
    // 00:00 to 03:00 on the wall clock that day is four hours.
    const resized = newTimes(new Date('2026-10-24T23:00:00Z'), new Date('2026-10-25T03:00:00Z'), 3600, true, zone);
    expect(resized).toEqual({ start: '2026-10-25T00:00:00+01:00', duration: 4 * 3600 });
  });

  it('moves a whole series by the local time its occurrence moved, across a clock change too', () => {
    // Sunday 17 May 10:00 dragged to Monday 18 May 11:00: the series starts on Monday 4 May at 11:00.
    expect(seriesStartAfterMove(weekly.start, '2026-05-17T10:00:00+01:00', '2026-05-18T11:00:00+01:00', zone)).toBe('2026-05-04 11:00:00');
    // A series from 18 Oct (BST); its 25 Oct occurrence (GMT) dragged an hour earlier: 09:00 on 18 Oct.
    expect(seriesStartAfterMove('2026-10-18T10:00:00+01:00', '2026-10-25T10:00:00+00:00', '2026-10-25T09:00:00+00:00', zone)).toBe('2026-10-18 09:00:00');
    // A gap-day series (local_start) keeps its local reading.
    expect(seriesStartAfterMove('2026-03-29 01:30:00', '2026-04-05T01:30:00+01:00', '2026-04-05T02:30:00+01:00', zone)).toBe('2026-03-29 02:30:00');
  });
});

describe('the undo of a drag', () => {
  it('puts a one-time entry or a whole series back exactly as stored', () => {
    const once = { ...weekly, mode: 'once', stop: null, exceptions: [] };
    expect(undoPlan('show', 'once', once, {}, once.start, null)).toEqual([{ step: 'save-entry', kind: 'show', input: { id: 7, player_id: 1, mode: 'once', x_data: null, start: once.start, duration: 3600, stop: null, item_type: 'live', item_id: 0 } }]);
    const all = undoPlan('timeslot', 'all', { ...weekly, description: 'Breakfast', local_start: '2026-03-29 01:30:00' }, {}, weekly.start, null);
    expect(all).toEqual([{ step: 'save-entry', kind: 'timeslot', input: { id: 7, player_id: 1, mode: 'weekly', x_data: null, start: '2026-03-29 01:30:00', duration: 3600, stop: weekly.stop, user_id: 1, description: 'Breakfast' } }]);
  });

  it('deletes the exception it made, or puts back the one it changed (with its other item)', () => {
    expect(undoPlan('show', 'only', weekly, { createdException: 30 }, '2026-05-17T10:00:00+01:00', null)).toEqual([{ step: 'delete-exception', kind: 'show', id: 7, exceptionId: 30 }]);
    expect(undoPlan('show', 'only', weekly, {}, '2026-05-24T10:00:00+01:00', 21)).toEqual([
      { step: 'save-exception', kind: 'show', id: 7, exceptionId: 21, fields: { original_start: '2026-05-24T10:00:00+01:00', start: '2026-05-24T12:00:00+01:00', duration: 1800, item_type: 'media', item_id: 5 } },
    ]);
  });

  it('undoes a split: the new series deleted, the old stop back, the exceptions it took recreated', () => {
    const steps = undoPlan('show', 'following', weekly, { newSeries: 8 }, '2026-05-17T10:00:00+01:00', null);
    expect(steps).toEqual([
      { step: 'delete-entry', kind: 'show', id: 8 },
      { step: 'save-entry', kind: 'show', input: entryInputOf('show', weekly) },
      { step: 'create-exception', kind: 'show', id: 7, fields: { original_start: '2026-05-24T10:00:00+01:00', start: '2026-05-24T12:00:00+01:00', duration: 1800, item_type: 'media', item_id: 5 } },
    ]);
    // The skip on 10 May stayed with the old series: nothing to recreate for it.
    expect(steps.some((s) => s.step === 'create-exception' && s.fields.skip)).toBe(false);
  });
});

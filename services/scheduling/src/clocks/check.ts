// The check on a clock's save (issue 45, "bad input"): one hour of it filled from the library as it
// is, under the default rules tightened by its own, for every kind of song, with no history. What
// that hour cannot do is answered as warnings (a category with no song, a fixed event's item that
// cannot air, an hour left short), before any player airs it. A player's own rules, dayparting and
// station IDs are checked where it airs: the rundown's clock blocks carry their hour's warnings.
import type { ClockRules } from '@airwave/contracts';
import type { Sources } from '../rundown/resolve';
import { clockOfRow, tightened, withCategoryNames } from './answer';
import { fillHour } from './clock-hour';
import { PlayHistory } from './history';
import { loadLibrary } from './library';
import { DEFAULT_RULES } from './rotation';
import type { CategoryRow, ClockRow } from './store';

const HOUR = 3_600_000;

export async function checkClock(sources: Sources, clock: ClockRow, categories: readonly CategoryRow[], fixedIds: number[]): Promise<string[]> {
  const library = await loadLibrary(sources, categories, fixedIds, { support: { audio: true, video: true }, excluded_by: [], cues: false }, 'check');
  const { clock: pure, warnings } = clockOfRow(clock, library.fixed);
  const start = Math.ceil(Date.now() / HOUR) * HOUR;
  const rules = tightened(DEFAULT_RULES, clock.rules as ClockRules);
  const hour = fillHour({ clock: pure, start, day: { start, end: start + 24 * HOUR }, categories: library.rotations, stationIds: [], rules }, new PlayHistory());
  return [...library.gone.map((g) => g.text), ...warnings, ...hour.warnings.filter((w) => !w.includes('station ID')).map(withCategoryNames(categories))];
}

// Clocks and rotation rules over generated libraries (issue 45's done-when, the pure part): a week
// of hours filled from a clock under generated rules. Every play within a rule's reach of an
// earlier one names that rule (given up, or broken); a hard rule is broken only when every song of
// the category broke one at that instant; each hour has the clock's slot counts; and without rules
// each category's songs are played within one of each other over the week (rotation).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillHour, type Clock, type HourItem } from './clock-hour';
import { PlayHistory, sameKey, type Play, type Song } from './history';
import { brokenRules, Rotation, RULES, type RotationRules } from './rotation';

const HOUR = 3_600_000;
const WEEK_START = Date.UTC(2027, 0, 4);

const libraryArb = fc
  .record({ artists: fc.integer({ min: 1, max: 40 }), songs: fc.integer({ min: 3, max: 120 }), albums: fc.integer({ min: 1, max: 10 }) })
  .chain(({ artists, songs, albums }) =>
    fc.array(fc.record({ artist: fc.integer({ min: 0, max: artists - 1 }), album: fc.integer({ min: 0, max: albums - 1 }), duration: fc.integer({ min: 120, max: 330 }), category: fc.constantFrom('current', 'gold') }), { minLength: songs, maxLength: songs }),
  )
  .map((specs) => specs.map((s, id) => ({ song: { id: id + 1, title: `Song ${id + 1}`, artist: `Artist ${s.artist}`, album: `Album ${s.artist}.${s.album}`, duration: s.duration }, category: s.category })));

const rulesArb: fc.Arbitrary<RotationRules> = fc.record({
  artist_minutes: fc.constantFrom(0, 30, 60, 120),
  title_minutes: fc.constantFrom(0, 60, 180, 360),
  album_minutes: fc.constantFrom(0, 60),
  plays_per_day: fc.constantFrom(null, 2, 4),
  category_in_row: fc.boolean(),
  hard: fc.subarray([...RULES]),
  relax_order: fc.shuffledSubarray([...RULES]),
});

const clock: Clock = {
  id: 1,
  name: 'Music hour',
  slots: [
    { kind: 'category', category: 'current', count: 3, seconds: null },
    { kind: 'station_id' },
    { kind: 'category', category: 'gold', count: 2, seconds: null },
    { kind: 'fixed', minute: 30, song: { id: 9001, title: 'Half-hour news', artist: 'Newsroom', album: '', duration: 120 }, start: 'hard' },
    { kind: 'category', category: 'current', count: null, seconds: 600 },
    { kind: 'breakpoint' },
  ],
  target_seconds: 3600,
  fill_category: 'gold',
  overrun: 'fade_last',
};
const stationIds: Song[] = [{ id: 9100, title: 'ID', artist: 'Station', album: '', duration: 8 }];

function week(library: { song: Song; category: string }[], rules: RotationRules, hours = 168) {
  const lists = new Map<string, Song[]>();
  for (const { song, category } of library) lists.set(category, [...(lists.get(category) ?? []), song]);
  const categories = new Map([...lists].map(([name, songs]) => [name, new Rotation(songs, `week:${name}`)]));
  const history = new PlayHistory();
  const filled = Array.from({ length: hours }, (_, h) => {
    const start = WEEK_START + h * HOUR;
    const day = { start: WEEK_START + Math.floor(h / 24) * 24 * HOUR, end: WEEK_START + (Math.floor(h / 24) + 1) * 24 * HOUR };
    return { start, ...fillHour({ clock, start, day, categories, stationIds, rules }, history) };
  });
  return { filled, categories, history };
}

const songsOf = (filled: ReturnType<typeof week>['filled']) => filled.flatMap((h) => h.items.filter((i): i is HourItem & { play: Play } => i.kind === 'song' && i.play !== undefined));

describe('clocks and rotation rules over a week', () => {
  it('property: every play breaking a rule against an earlier one says so; a hard rule broken only when none could keep it', () => {
    fc.assert(
      fc.property(libraryArb, rulesArb, (library, rules) => {
        const { filled, categories } = week(library, rules, 24);
        const songs = songsOf(filled);
        const earlier = new PlayHistory();
        for (const item of songs) {
          const play = item.play;
          const day = { start: WEEK_START + Math.floor((play.at - WEEK_START) / (24 * HOUR)) * 24 * HOUR, end: 0 };
          day.end = day.start + 24 * HOUR;
          const spot = { at: play.at, category: play.category, day };
          // the rules this play breaks against what came before it are exactly those it names
          expect(new Set([...item.relaxed, ...item.broken])).toEqual(new Set(brokenRules(play.song, spot, earlier, rules)));
          if (item.broken.length > 0) {
            for (const other of categories.get(play.category)!.songs) expect(brokenRules(other, spot, earlier, rules).some((r) => rules.hard.includes(r))).toBe(true);
          }
          earlier.add(play);
        }
      }),
      { numRuns: 20 },
    );
  });

  it("property: each hour has the clock's slot counts, its news at :30, and lasts the hour", () => {
    fc.assert(
      fc.property(libraryArb, rulesArb, (library, rules) => {
        const { filled } = week(library, rules, 24);
        const hasGold = library.some((s) => s.category === 'gold');
        const hasCurrent = library.some((s) => s.category === 'current');
        for (const hour of filled) {
          const bySlot = (slot: number) => hour.items.filter((i) => i.slot === slot).length;
          if (hasCurrent) expect(bySlot(0)).toBe(3);
          expect(bySlot(1)).toBe(1);
          if (hasGold) expect(bySlot(2)).toBe(2);
          expect(hour.items.find((i) => i.kind === 'fixed')!.offset).toBe(1800);
          const last = hour.items.at(-1)!;
          if (hasGold) expect(last.offset + last.duration).toBe(3600);
          // back to back where the fill category can fill; otherwise the gap before the news is said
          const news = hour.items.findIndex((i) => i.kind === 'fixed');
          const before = hour.items[news - 1];
          const gap = before ? hour.items[news]!.offset - (before.offset + before.duration) : 0;
          if (hasGold) for (const [a, b] of hour.items.slice(1).map((item, i) => [hour.items[i]!, item] as const)) expect(b.offset).toBeCloseTo(a.offset + a.duration, 6);
          else if (gap > 1e-6) expect(hour.warnings.join(' ')).toMatch(/nothing airs for \d+ s before the event at :30/);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('property: without rules, each category’s songs are played within one of each other over the week', () => {
    const none: RotationRules = { artist_minutes: 0, title_minutes: 0, album_minutes: 0, plays_per_day: null, category_in_row: false, hard: [], relax_order: [] };
    fc.assert(
      fc.property(libraryArb, (library) => {
        const { filled, categories } = week(library, none);
        const counts = new Map<number, number>();
        // a song cut at the hour's end still aired; one dropped never counted
        for (const item of songsOf(filled)) counts.set(item.play.song.id, (counts.get(item.play.song.id) ?? 0) + 1);
        for (const { songs } of categories.values()) {
          const played = songs.map((s) => counts.get(s.id) ?? 0);
          expect(Math.max(...played) - Math.min(...played)).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 10 },
    );
  });

  it('keeps an artist an hour apart when the library allows, and says so when it cannot', () => {
    const rules: RotationRules = { artist_minutes: 60, title_minutes: 0, album_minutes: 0, plays_per_day: null, category_in_row: false, hard: ['artist'], relax_order: [] };
    const many = Array.from({ length: 60 }, (_, i) => ({ song: { id: i + 1, title: `S${i}`, artist: `A${i}`, album: '', duration: 200 }, category: i % 2 ? 'gold' : 'current' }));
    const kept = songsOf(week(many, rules, 24).filled);
    expect(kept.every((i) => i.broken.length === 0)).toBe(true);
    const byArtist = new Map<string, number[]>();
    for (const { play } of kept) byArtist.set(sameKey(play.song.artist), [...(byArtist.get(sameKey(play.song.artist)) ?? []), play.at]);
    for (const times of byArtist.values()) for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(HOUR);
    // one artist only: every other play breaks the rule, and says so
    const one = many.map((s) => ({ ...s, song: { ...s.song, artist: 'Solo' } }));
    const forced = songsOf(week(one, rules, 2).filled);
    expect(forced.slice(1).every((i) => i.broken.includes('artist'))).toBe(true);
  });
});

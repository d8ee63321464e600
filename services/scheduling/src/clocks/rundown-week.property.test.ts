// Issue 45's done-when, through the rundown itself: a week of a player's rundown from clocks (every
// hour of the grid, clock blocks resolved and stored as the service does, on an embedded database)
// over generated libraries and rules. Every song names exactly the rules it breaks against the plays
// before it (a hard one broken only when every song of its category broke one there), each hour has
// its clock's slot counts and lasts the hour, and without rules each category's songs are played
// within one of each other over the week.
import { openDatabase, migrateSchema, type Database } from '@airwave/db';
import type { CategorySongs, CategorySongsInput, RundownBlock } from '@airwave/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rundownOf } from '../rundown/rundown';
import type { RundownPlayer } from '../rundown/player';
import type { MediaFacts, Sources } from '../rundown/resolve';
import { schedulingMigrations, SCHEDULING_SCHEMA, type SchedulingDB } from '../schema';
import { PlayHistory } from './history';
import { brokenRules, RULES, type RotationRules } from './rotation';

const HOUR = 3_600_000;
const WEEK = { start: Date.UTC(2027, 0, 4), end: Date.UTC(2027, 0, 11) };
const NEWS = 9001;
const JINGLE = 9100;

type Spec = { id: number; artist: number; album: number; duration: number; category: 'current' | 'gold' };

const libraryArb = fc
  .record({ artists: fc.integer({ min: 1, max: 30 }), songs: fc.integer({ min: 4, max: 80 }) })
  .chain(({ artists, songs }) => fc.array(fc.record({ artist: fc.integer({ min: 0, max: artists - 1 }), album: fc.integer({ min: 0, max: 4 }), duration: fc.integer({ min: 150, max: 330 }), category: fc.constantFrom<'current' | 'gold'>('current', 'gold') }), { minLength: songs, maxLength: songs }))
  .map((specs) => specs.map((s, i): Spec => ({ ...s, id: i + 1 })));

const rulesArb: fc.Arbitrary<RotationRules> = fc.record({
  artist_minutes: fc.constantFrom(0, 30, 60),
  title_minutes: fc.constantFrom(0, 120, 180),
  album_minutes: fc.constantFrom(0, 60),
  plays_per_day: fc.constantFrom(null, 3),
  category_in_row: fc.boolean(),
  hard: fc.subarray([...RULES]),
  relax_order: fc.shuffledSubarray([...RULES]),
});

/** The media service as the rundown asks it: the library's songs by category (a simple search naming it), the news and the jingle. */
function sourcesOf(library: Spec[]): Sources {
  const song = (s: Spec) => ({ id: s.id, title: `Song ${s.id}`, artist: `Artist ${s.artist}`, album: `Album ${s.artist}.${s.album}`, type: 'audio' as const, duration: s.duration });
  const facts = new Map<number, MediaFacts>([
    [NEWS, { title: 'News', artist: 'Newsroom', duration: 120, type: 'audio' }],
    [JINGLE, { title: 'ID', artist: 'Station', duration: 8, type: 'audio' }],
  ]);
  return {
    resolvePlaylist: () => Promise.reject(new Error('no playlist here')),
    media: async (ids) => new Map(ids.flatMap((id) => (facts.has(id) ? [[id, facts.get(id)!] as const] : []))),
    categorySongs: async (input: CategorySongsInput): Promise<CategorySongs> => {
      const name = input.source.kind === 'search' && input.source.query.mode === 'simple' ? input.source.query.string : '';
      const songs = library.filter((s) => s.category === name && s.id > input.after).map(song);
      return { found: true, songs: songs.slice(0, input.limit), next: songs.length > input.limit ? songs[input.limit - 1]!.id : null };
    },
  };
}

describe('a week of a player’s rundown from clocks', () => {
  let database: Database;
  let db: SchedulingDB;

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    await migrateSchema(database, SCHEDULING_SCHEMA, schedulingMigrations);
    db = database.forSchema(SCHEDULING_SCHEMA) as SchedulingDB;
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** A new player whose every hour of the week airs one clock, and its week's rundown. */
  async function week(library: Spec[], rules: RotationRules): Promise<RundownBlock[]> {
    const { id } = await db.insertInto('players').values({ name: 'Week FM', timezone: 'UTC' } as never).returning('id').executeTakeFirstOrThrow();
    const category = async (name: string) => (await db.insertInto('music_categories').values({ name, description: '', source: JSON.stringify({ kind: 'search', query: { mode: 'simple', string: name } }) }).returning('id').executeTakeFirstOrThrow()).id;
    const current = await category('current');
    const gold = await category('gold');
    const slots = [
      { kind: 'category', category_id: current, count: 3, seconds: null },
      { kind: 'station_id' },
      { kind: 'category', category_id: gold, count: 2, seconds: null },
      { kind: 'fixed', minute: 30, media_id: NEWS, start: 'hard' },
      { kind: 'category', category_id: current, count: null, seconds: 600 },
    ];
    const clock = await db.insertInto('clocks').values({ name: 'Hour', description: '', target_seconds: 3600, fill_category_id: gold, overrun: 'fade_last', slots: JSON.stringify(slots), rules: '{}', updated: new Date() }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('player_formats').values({ player_id: id, rules: JSON.stringify(rules) }).execute();
    await db.insertInto('format_grid').values(Array.from({ length: 168 }, (_, i) => ({ player_id: id, weekday: 1 + Math.floor(i / 24), hour: i % 24, clock_id: clock.id }))).execute();
    const player: RundownPlayer = { id, zone: 'UTC', schedulePlayerId: id, seedPlayerId: id, defaultPlaylistId: null, airing: { support: { audio: true, video: true, images: true, linein: true }, stationIds: [JINGLE], stationIdImageDuration: 15, cues: false } };
    return rundownOf(db, sourcesOf(library), player, WEEK, WEEK.start - HOUR);
  }

  const songsOf = (blocks: RundownBlock[]) =>
    blocks.flatMap((b) => b.items.filter((i) => i.rotation).map((item) => ({ item, at: Date.parse(b.start) + Math.round(item.offset * 1000), category: String(item.rotation!.category_id) })));

  it('property: every song names the rules it breaks; each hour its slots, to the hour', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(libraryArb, rulesArb, async (library, rules) => {
        const blocks = await week(library, rules);
        expect(blocks).toHaveLength(168);
        const hasGold = library.some((s) => s.category === 'gold');
        const hasCurrent = library.some((s) => s.category === 'current');
        for (const block of blocks) {
          expect(block.kind).toBe('clock');
          const slot = (n: number) => block.items.filter((i) => i.rotation?.slot === n).length;
          if (hasCurrent) expect(slot(1)).toBe(3);
          if (hasGold) expect(slot(3)).toBe(2);
          expect(block.items.find((i) => i.media_id === NEWS)!.offset).toBe(1800);
          const last = block.items.at(-1)!;
          if (hasGold) expect(last.offset + last.duration).toBeCloseTo(3600, 3);
        }
        const earlier = new PlayHistory();
        for (const { item, at, category } of songsOf(blocks)) {
          const day = { start: WEEK.start + Math.floor((at - WEEK.start) / (24 * HOUR)) * 24 * HOUR, end: 0 };
          day.end = day.start + 24 * HOUR;
          const song = { id: item.media_id!, title: item.title, artist: item.artist, album: `Album ${library[item.media_id! - 1]!.artist}.${library[item.media_id! - 1]!.album}`, duration: item.duration };
          const spot = { at, category, day };
          expect(new Set([...item.rotation!.relaxed, ...item.rotation!.broken])).toEqual(new Set(brokenRules(song, spot, earlier, rules)));
          if (item.rotation!.broken.length > 0) {
            const others = library.filter((s) => s.category === library[item.media_id! - 1]!.category);
            for (const o of others) expect(brokenRules({ id: o.id, title: `Song ${o.id}`, artist: `Artist ${o.artist}`, album: `Album ${o.artist}.${o.album}`, duration: o.duration }, spot, earlier, rules).some((r) => rules.hard.includes(r))).toBe(true);
          }
          earlier.add({ song, at, category });
        }
      }),
      { numRuns: 6 },
    );
  });

  it('property: without rules, each category’s songs are played within one of each other over the week', { timeout: 240_000 }, async () => {
    const none: RotationRules = { artist_minutes: 0, title_minutes: 0, album_minutes: 0, plays_per_day: null, category_in_row: false, hard: [], relax_order: [] };
    await fc.assert(
      fc.asyncProperty(libraryArb, async (library) => {
        const counts = new Map<number, number>();
        for (const { item } of songsOf(await week(library, none))) counts.set(item.media_id!, (counts.get(item.media_id!) ?? 0) + 1);
        for (const category of ['current', 'gold']) {
          const played = library.filter((s) => s.category === category).map((s) => counts.get(s.id) ?? 0);
          if (played.length) expect(Math.max(...played) - Math.min(...played)).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 4 },
    );
  });
});

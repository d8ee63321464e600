/* eslint-disable no-console -- a benchmark reports on stdout */
// Music scheduling through the rundown (issue 45): `rundownOf` for a week of one player whose every
// hour airs one of two clocks, on the embedded database (PGlite, in memory), the media service
// answered in process from a library of 10k or 100k songs (its pages of 5,000 as the bus carries
// them, without the bus). Cold (every hour resolved and stored), warm (every hour from the cache),
// and after an edit to one of the two clocks (its 84 hours resolved again, the other's kept).
// Run: pnpm --filter @airwave/bench clocks-rundown
import { migrateSchema, openDatabase } from '@airwave/db';
import type { CategorySongs, CategorySongsInput } from '@airwave/contracts';
import { rundownOf } from '../services/scheduling/src/rundown/rundown';
import type { Sources } from '../services/scheduling/src/rundown/resolve';
import { schedulingMigrations, SCHEDULING_SCHEMA, type SchedulingDB } from '../services/scheduling/src/schema';

const WEEK = { start: Date.UTC(2027, 0, 4), end: Date.UTC(2027, 0, 11) };
const NEWS = 10_000_001;
const JINGLE = 10_000_002;

function sourcesOf(size: number): Sources {
  const categories = ['current', 'recurrent', 'gold'];
  const song = (id: number) => ({ id, title: `Song ${id}`, artist: `Artist ${Math.floor(id / 7)}`, album: `Album ${Math.floor(id / 21)}`, type: 'audio' as const, duration: 180 + ((id * 37) % 180) + (id % 7) / 8 });
  const categoryOf = (id: number) => (id % 10 === 0 ? 'current' : id % 10 < 3 ? 'recurrent' : 'gold');
  const byCategory = new Map(categories.map((c) => [c, [] as ReturnType<typeof song>[]]));
  for (let id = 1; id <= size; id += 1) byCategory.get(categoryOf(id))!.push(song(id));
  return {
    resolvePlaylist: () => Promise.reject(new Error('no playlist')),
    media: async (ids) => new Map(ids.map((id) => [id, { title: id === NEWS ? 'News' : 'ID', artist: 'Station', duration: id === NEWS ? 120 : 9.5, type: 'audio' as const }])),
    categorySongs: async (input: CategorySongsInput): Promise<CategorySongs> => {
      const name = input.source.kind === 'search' && input.source.query.mode === 'simple' ? input.source.query.string : '';
      const all = byCategory.get(name) ?? [];
      const from = all.findIndex((s) => s.id > input.after);
      const page = from < 0 ? [] : all.slice(from, from + input.limit);
      return { found: true, songs: page, next: from >= 0 && from + input.limit < all.length ? page.at(-1)!.id : null };
    },
  };
}

async function setUp(db: SchedulingDB) {
  const { id } = await db.insertInto('players').values({ name: 'Bench FM', timezone: 'Europe/London' } as never).returning('id').executeTakeFirstOrThrow();
  const category = async (name: string) => (await db.insertInto('music_categories').values({ name, description: '', source: JSON.stringify({ kind: 'search', query: { mode: 'simple', string: name } }) }).returning('id').executeTakeFirstOrThrow()).id;
  const [current, recurrent, gold] = [await category('current'), await category('recurrent'), await category('gold')];
  const slots = (goldCount: number) => JSON.stringify([
    { kind: 'category', category_id: current, count: 3, seconds: null },
    { kind: 'station_id' },
    { kind: 'category', category_id: recurrent, count: 2, seconds: null },
    { kind: 'category', category_id: gold, count: goldCount, seconds: null },
    { kind: 'fixed', minute: 30, media_id: NEWS, start: 'hard' },
    { kind: 'category', category_id: current, count: 2, seconds: null },
    { kind: 'category', category_id: gold, count: null, seconds: 900 },
  ]);
  const clock = async (name: string, goldCount: number) => (await db.insertInto('clocks').values({ name, description: '', target_seconds: 3600, fill_category_id: gold, overrun: 'fade_last', slots: slots(goldCount), rules: '{}', updated: new Date() }).returning('id').executeTakeFirstOrThrow()).id;
  const clocks = [await clock('One', 3), await clock('Two', 4)];
  await db.insertInto('format_grid').values(Array.from({ length: 168 }, (_, i) => ({ player_id: id, weekday: 1 + Math.floor(i / 24), hour: i % 24, clock_id: clocks[i % 2]! }))).execute();
  const player = { id, zone: 'Europe/London', schedulePlayerId: id, seedPlayerId: id, defaultPlaylistId: null, airing: { support: { audio: true, video: true, images: true, linein: true }, stationIds: [JINGLE], stationIdImageDuration: 15, cues: false } };
  return { player, editClock: () => db.updateTable('clocks').set({ slots: slots(5) }).where('id', '=', clocks[0]!).execute() };
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number; cpu: number }> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const value = await run();
  const used = process.cpuUsage(cpu);
  return { value, ms: performance.now() - wall, cpu: (used.user + used.system) / 1000 };
}

console.log('| library | cold: a week resolved and stored | warm: from the cache | after an edit to one clock |\n|---|---|---|---|');
for (const size of [10_000, 100_000]) {
  const database = await openDatabase({ memory: true });
  await migrateSchema(database, SCHEDULING_SCHEMA, schedulingMigrations);
  const db = database.forSchema(SCHEDULING_SCHEMA) as SchedulingDB;
  const { player, editClock } = await setUp(db);
  const sources = sourcesOf(size);
  const now = WEEK.start - 3_600_000;
  const cold = await timed(() => rundownOf(db, sources, player, WEEK, now));
  const warm = await timed(() => rundownOf(db, sources, player, WEEK, now));
  await editClock();
  const edited = await timed(() => rundownOf(db, sources, player, WEEK, now));
  const changed = edited.value.filter((b, i) => b.last_updated !== warm.value[i]!.last_updated || JSON.stringify(b.items) !== JSON.stringify(warm.value[i]!.items)).length;
  const f = (t: { ms: number; cpu: number }) => `${(t.ms / 1000).toFixed(2)} s (CPU ${(t.cpu / 1000).toFixed(2)} s)`;
  console.log(`| ${size.toLocaleString('en')} songs | ${f(cold)}, ${cold.value.length} hours | ${f(warm)} | ${f(edited)}, ${changed} of ${edited.value.length} hours changed |`);
  await database.close();
}

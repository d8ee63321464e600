/* eslint-disable no-console -- a benchmark reports on stdout */
// Music scheduling (issue 45): the CPU to fill a week of one player's hours from clocks under the
// default rotation rules (artist 60 min, title 180 min hard), at 10k and 100k songs, with the code
// the rundown runs (clocks/rotation.ts, clock-hour.ts: the categories put in rotation once, every
// pick against the plays before and after it); then an edit to one of the week's two clocks, whose
// hours (every other one) are filled again against the other clock's hours left as they were.
// Run: pnpm --filter @airwave/bench clocks
import { fillHour, type Clock } from '../services/scheduling/src/clocks/clock-hour';
import { PlayHistory, type Play, type Song } from '../services/scheduling/src/clocks/history';
import { DEFAULT_RULES, Rotation } from '../services/scheduling/src/clocks/rotation';

const HOUR = 3_600_000;
const WEEK_START = Date.UTC(2027, 0, 4);

/** A library of `size` songs: an artist has 1 to 15 of them, a quarter of the artists one only; 3 to 6 minutes each. */
function library(size: number) {
  const songs: { song: Song; category: string }[] = [];
  let artist = 0;
  while (songs.length < size) {
    const count = artist % 4 === 0 ? 1 : 1 + ((artist * 7) % 15);
    for (let i = 0; i < count && songs.length < size; i += 1) {
      const id = songs.length + 1;
      const category = id % 10 === 0 ? 'current' : id % 10 < 3 ? 'recurrent' : 'gold';
      songs.push({ song: { id, title: `Song ${id}`, artist: `Artist ${artist}`, album: `Album ${artist}.${i % 3}`, duration: 180 + ((id * 37) % 180) + (id % 7) / 8 }, category });
    }
    artist += 1;
  }
  return songs;
}

const clockOf = (id: number, gold: number): Clock => ({
  id,
  name: `Clock ${id}`,
  slots: [
    { kind: 'category', category: 'current', count: 3, seconds: null },
    { kind: 'station_id' },
    { kind: 'category', category: 'recurrent', count: 2, seconds: null },
    { kind: 'category', category: 'gold', count: gold, seconds: null },
    { kind: 'fixed', minute: 30, song: { id: 0, title: 'News', artist: 'Newsroom', album: '', duration: 120 }, start: 'hard' },
    { kind: 'category', category: 'current', count: 2, seconds: null },
    { kind: 'category', category: 'gold', count: null, seconds: 900 },
  ],
  target_seconds: 3600,
  fill_category: 'gold',
  overrun: 'fade_last',
});

const stationIds: Song[] = [{ id: -1, title: 'ID', artist: 'Station', album: '', duration: 9.5 }];
const cpu = (from: NodeJS.CpuUsage) => { const u = process.cpuUsage(from); return (u.user + u.system) / 1000; };

function hourOf(h: number, clock: Clock, categories: Map<string, Rotation>, history: PlayHistory) {
  const start = WEEK_START + h * HOUR;
  const day = { start: WEEK_START + Math.floor(h / 24) * 24 * HOUR, end: WEEK_START + (Math.floor(h / 24) + 1) * 24 * HOUR };
  return fillHour({ clock, start, day, categories, stationIds, rules: DEFAULT_RULES }, history);
}

function run(size: number) {
  const songs = library(size);
  const began = process.cpuUsage();
  const lists = new Map<string, Song[]>();
  for (const { song, category } of songs) {
    if (!lists.has(category)) lists.set(category, []);
    lists.get(category)!.push(song);
  }
  const categories = new Map([...lists].map(([name, list]) => [name, new Rotation(list, `bench:${name}`)]));
  const indexed = cpu(began);
  const history = new PlayHistory();
  const clocks = [clockOf(1, 3), clockOf(2, 4)];
  const week = Array.from({ length: 168 }, (_, h) => hourOf(h, clocks[h % 2]!, categories, history));
  const weekMs = cpu(began);
  const picks = week.reduce((n, hour) => n + hour.items.filter((i) => i.play).length, 0);
  const broken = week.reduce((n, hour) => n + hour.items.filter((i) => i.broken.length).length, 0);
  const relaxed = week.reduce((n, hour) => n + hour.items.filter((i) => i.relaxed.length).length, 0);
  // clock 1 edited: its 84 hours filled again, clock 2's left as they are (and kept clear of)
  const edited = clockOf(1, 5);
  const again = process.cpuUsage();
  let refilled = 0;
  for (let h = 0; h < 168; h += 2) {
    for (const play of week[h]!.items.flatMap((i): Play[] => (i.play ? [i.play] : []))) history.remove(play);
    hourOf(h, edited, categories, history);
    refilled += 1;
  }
  const editMs = cpu(again);
  console.log(`| ${size.toLocaleString('en')} songs | ${Math.round(weekMs)} ms (categories in rotation ${Math.round(indexed)} ms) | ${picks} | ${relaxed} relaxed, ${broken} broken | ${refilled} of 168 hours, ${Math.round(editMs)} ms |`);
}

console.log('| library | CPU for a week (168 hours) | songs picked | rules given up | an edit to one clock |\n|---|---|---|---|---|');
for (const size of [10_000, 100_000]) run(size);

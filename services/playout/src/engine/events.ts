// What is on air, from Liquidsoap's own reports (script.ts): `AWTRACK <channel> <ms> <key>` when a
// channel starts a track (the main channel's two decks report as `deck_a` and `deck_b`) and `AWAIR <channel> <ms>` when the air switches channel. A pure reducer:
// it turns those lines into start and end events of the item on air, with Liquidsoap's times.

export type AirChannel = 'main' | 'alert' | 'live' | 'default' | 'none';

export interface AirState {
  air: AirChannel;
  current: Partial<Record<AirChannel, string>>;
  onAir?: { key: string; channel: AirChannel };
}

export interface AirEvent {
  kind: 'start' | 'end';
  key: string;
  channel: AirChannel;
  at: number;
}

export const initialAir: AirState = { air: 'none', current: {} };

const channels = new Set<AirChannel>(['main', 'alert', 'live', 'default', 'none']);
/** The air's channels, highest first (script.ts: the fallback's order). */
const PRIORITY: AirChannel[] = ['alert', 'live', 'main', 'default', 'none'];

export type EngineLine =
  | { type: 'track'; channel: AirChannel; at: number; key: string; deck?: 'deck_a' | 'deck_b' }
  // A voice started over main's item (the voice deck): not what is on air, which stays the music.
  | { type: 'voice'; at: number; key: string }
  | { type: 'air'; channel: AirChannel; at: number }
  | { type: 'icecast'; text: string };

/** One line of Liquidsoap's stdout, when it is one of the engine's reports. */
export function parseLine(line: string): EngineLine | undefined {
  const m = /^AW(TRACK|AIR|ICECAST) (\S+)(?: (\d+))?(?: (.*))?$/.exec(line.trim());
  if (!m) return undefined;
  if (m[1] === 'ICECAST') return { type: 'icecast', text: line.trim().slice('AWICECAST '.length) };
  if (m[1] === 'TRACK' && m[2] === 'voice' && m[3] !== undefined) return { type: 'voice', at: Number(m[3]), key: m[4] ?? '' };
  const deck = m[2] === 'deck_a' || m[2] === 'deck_b' ? m[2] : undefined;
  const channel = (deck ? 'main' : m[2]) as AirChannel;
  if (!channels.has(channel) || m[3] === undefined) return undefined;
  const at = Number(m[3]);
  if (m[1] === 'AIR') return { type: 'air', channel, at };
  return deck ? { type: 'track', channel, at, key: m[4] ?? '', deck } : { type: 'track', channel, at, key: m[4] ?? '' };
}

function announce(state: AirState, channel: AirChannel, at: number): [AirState, AirEvent[]] {
  const key = channel === 'none' ? '' : (state.current[channel] ?? '');
  if (state.onAir && state.onAir.key === key && state.onAir.channel === channel) return [state, []];
  const events: AirEvent[] = [];
  if (state.onAir) events.push({ kind: 'end', key: state.onAir.key, channel: state.onAir.channel, at });
  if (key) events.push({ kind: 'start', key, channel, at });
  return [{ ...state, onAir: key ? { key, channel } : undefined }, events];
}

/** The next state and the events one report line causes. */
export function reduceAir(state: AirState, line: EngineLine): [AirState, AirEvent[]] {
  if (line.type === 'icecast' || line.type === 'voice') return [state, []];
  if (line.type === 'air') {
    // Falling to a lower channel means the one before ran out: what it last started is over.
    // (A higher one interrupts: main keeps its item, which runs underneath an alert.)
    const current = { ...state.current };
    if (PRIORITY.indexOf(line.channel) > PRIORITY.indexOf(state.air)) delete current[state.air];
    return announce({ ...state, air: line.channel, current }, line.channel, line.at);
  }
  // A deck reports an empty track when its window closes on nothing: not a new item.
  if (!line.key) return [state, []];
  const next = { ...state, current: { ...state.current, [line.channel]: line.key } };
  return line.channel === state.air ? announce(next, line.channel, line.at) : [next, []];
}

/** Reports of one batch in order of time, a track before a switch at the same instant. */
export function orderReports(lines: EngineLine[]): EngineLine[] {
  const at = (l: EngineLine) => (l.type === 'icecast' ? 0 : l.at);
  const rank = (l: EngineLine) => (l.type === 'track' || l.type === 'voice' ? 0 : 1);
  return lines.map((l, i) => ({ l, i })).sort((a, b) => at(a.l) - at(b.l) || rank(a.l) - rank(b.l) || a.i - b.i).map((x) => x.l);
}

// SoundExchange's report of use for a player's window (issue 46): its plays of audio items of the
// library (not alerts), each with its actual total performances (figures.ts), the recordings'
// ISRC, album and label asked of the media service, written by soundexchange.ts.
import { mediaInternal, type MediaSummary } from '@airwave/contracts';
import { callOperation, type CallContext } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { figuresOf } from './figures';
import { soundExchangeReport } from './soundexchange';
import { playsIn } from './store';

const AT_ONCE = 1000;

async function summariesOf(context: SchedulingContext, ids: number[], call: CallContext): Promise<Map<number, MediaSummary>> {
  const out = new Map<number, MediaSummary>();
  for (let at = 0; at < ids.length; at += AT_ONCE) {
    for (const s of await callOperation(context.bus, mediaInternal.summaries, { ids: ids.slice(at, at + AT_ONCE) }, { principal: null, within: call })) out.set(s.id, s);
  }
  return out;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

export async function soundExchangeFor(context: SchedulingContext, player: { id: number; name: string }, window: { start: number; end: number }, options: { service?: string | undefined; category: string }, call: CallContext) {
  const now = Date.now();
  const plays = (await playsIn(context.db, player.id, window.start, window.end)).filter((p) => p.context !== 'emerg' && p.mediaId > 0);
  const media = await summariesOf(context, [...new Set(plays.map((p) => p.mediaId))], call);
  const recordings = plays.filter((p) => media.get(p.mediaId)?.type === 'audio');
  const figures = await figuresOf(context.db, player.id, recordings, now);
  const reported = recordings.map((p, i) => {
    const m = media.get(p.mediaId)!;
    return { artist: m.artist || p.artist, title: m.title || p.title, isrc: m.isrc ?? '', album: m.album ?? '', label: m.label ?? '', atp: figures[i]!.atp };
  });
  const service = options.service ?? player.name;
  const text = soundExchangeReport({ name: service, category: options.category }, reported);
  const safe = service.replace(/[^A-Za-z0-9]+/g, '') || 'Service';
  return { filename: `${safe}${day(window.start)}_${day(window.end - 1)}_${options.category}.txt`, text, recordings: text.split('\r\n').length - 2 };
}

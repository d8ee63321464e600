// Listeners (issue 46): a player's listener hook key, the gateway's batches of listener events
// (checked against that key, folded into sessions, written in one transaction), and the plays of a
// window with who heard each.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { listenerHook, listenerSnapshots, notFound, scheduling, type TimeValue } from '@airwave/contracts';
import { bindOperation } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import { fieldError, resolveTime } from '../schedule/times';
import { addressHash } from './address';
import { countryOf } from './country';
import { figuresOf } from './figures';
import { stationSalt } from './salt';
import { foldEvents } from './session-batch';
import { countSnapshot } from './snapshot-count';
import { listeningSummary } from './summary';
import { soundExchangeFor } from './report';
import { hookKeyHash, playsIn, removeHookKey, sessionsIn, setHookKey, writeBatch } from './store';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** The longest window of plays one call answers. */
const MAX_PLAYS_DAYS = 31;

async function keyMatches(context: SchedulingContext, playerId: number, key: string): Promise<boolean> {
  const stored = await hookKeyHash(context.db, playerId);
  return stored !== undefined && timingSafeEqual(Buffer.from(stored, 'hex'), sha256(key));
}

export function bindListeners(context: SchedulingContext) {
  const { db, bus, logger } = context;
  return Promise.all([
    bindOperation(bus, scheduling.listenerKey, async ({ id }) => {
      if (!(await db.selectFrom('players').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('No such player.');
      await stationSalt(context); // the hook cannot count without it: say so now
      const key = randomBytes(24).toString('base64url');
      await setHookKey(db, id, sha256(key).toString('hex'));
      return { key, hook: `/icecast/listeners/${id}?key=${key}` };
    }),
    bindOperation(bus, scheduling.listenerKeyRemove, async ({ id }) => {
      if (!(await removeHookKey(db, id)) && !(await db.selectFrom('players').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('No such player.');
      return null;
    }),
    bindOperation(bus, listenerHook.events, async ({ player_id, key, events }) => {
      if (!(await keyMatches(context, player_id, key))) {
        logger.warn({ playerId: player_id, events: events.length }, 'Listener events refused: not the player’s listener key');
        return { accepted: false };
      }
      const salt = await stationSalt(context);
      const batch = foldEvents(events, (ip) => addressHash(ip, salt), countryOf);
      await db.transaction().execute((trx) => writeBatch(trx, player_id, batch));
      return { accepted: true };
    }),
    bindOperation(bus, listenerSnapshots.snapshot, (input) => countSnapshot(context, input)),
    bindOperation(bus, scheduling.playerPlays, async ({ id, start, end }) => {
      const { window } = await windowOf(context, id, start, end);
      const plays = await playsIn(db, id, window.start, window.end);
      const figures = await figuresOf(db, id, plays);
      return plays.map((p, i) => ({
        media_id: p.mediaId,
        artist: p.artist,
        title: p.title,
        start: new Date(p.start).toISOString(),
        end: p.end === null ? null : new Date(p.end).toISOString(),
        listeners_at_start: figures[i]!.at_start,
        peak_listeners: figures[i]!.peak,
        listener_seconds: figures[i]!.listener_seconds,
        atp: figures[i]!.atp,
      }));
    }),
    bindOperation(bus, scheduling.soundExchange, async ({ id, start, end, service, category }, call) => {
      const { window, name } = await windowOf(context, id, start, end);
      return soundExchangeFor(context, { id, name }, window, { service, category }, call);
    }),
    bindOperation(bus, scheduling.listeningSummary, async ({ id, start, end }) => {
      const { window, zone } = await windowOf(context, id, start, end);
      return listeningSummary(await sessionsIn(db, id, window.start, window.end), window, zone, Date.now());
    }),
  ]);
}

/** The player's zone and a window read in it, at most MAX_PLAYS_DAYS long. */
async function windowOf({ db }: SchedulingContext, id: number, start: TimeValue, end: TimeValue) {
  const player = await db.selectFrom('players').select(['timezone', 'name']).where('id', '=', id).executeTakeFirst();
  if (!player) throw notFound('No such player.');
  const zone = player.timezone;
  const window = { start: resolveTime(start, zone), end: resolveTime(end, zone) };
  if (!(window.end > window.start && window.end - window.start <= MAX_PLAYS_DAYS * 86_400_000)) throw fieldError('end', `must be after start, at most ${MAX_PLAYS_DAYS} days later`);
  return { window, zone, name: player.name };
}

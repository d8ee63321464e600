// The internal operations the player sync calls (OB Player's remote.php in issue 31, the playout
// service in issue 34): authenticate and record a connect, record now playing, append to the
// as-run log and read its latest start. No HTTP route reaches them.
import { notFound, playerSync, unauthenticated } from '@airwave/contracts';
import { actorOf, bindOperation, type CallContext } from '@airwave/service-kit';
import type { z } from 'zod';
import type { SchedulingContext } from '../context';
import { asRunOut } from '../monitor/rules';
import { PlayerPasswordChecker } from '../players/passwords';
import { readPlayer } from '../players/save';
import { insertAsRun, lastPlayedAt, lockPlayerForWrite, lockStatus, writeStatus } from './queries';
import { addressAllowed, connectColumns, nowPlayingChanged } from './rules';
import { isoInZone } from '../schedule/recurrence';
import { bindRemote } from './remote';

type ConnectInput = z.output<typeof playerSync.connect.input>;

/** At most this many as-run entries an event (each event stays far below NATS's 1 MB message). */
const ENTRIES_PER_EVENT = 100;

export function bindPlayerSync(context: SchedulingContext) {
  const { bus } = context;
  const passwords = new PlayerPasswordChecker();
  return Promise.all([
    bindOperation(bus, playerSync.connect, (input, call) => connect(context, passwords, input, call)),
    bindOperation(bus, playerSync.recordNowPlaying, (input) => recordNowPlaying(context, input)),
    bindOperation(bus, playerSync.appendAsRun, ({ player_id, entries }) => appendAsRun(context, player_id, entries)),
    bindOperation(bus, playerSync.lastAsRun, async ({ player_id }) => {
      if (!(await context.db.selectFrom('players').select('id').where('id', '=', player_id).executeTakeFirst())) throw notFound('No such player.');
      return { last_timestamp: await lastPlayedAt(context.db, player_id) };
    }),
  ]).then(async (bound) => [...bound, ...(await bindRemote(context, passwords))]);
}

/**
 * Checks the password, then the address pin; records the connect. One message for every refusal;
 * the reason in the log (never the password) and, as scheduling.player.sync_refused, in the audit trail.
 */
export async function connect(context: SchedulingContext, passwords: PlayerPasswordChecker, input: ConnectInput, call: CallContext, alternative?: string) {
  const { db, logger, events } = context;
  const player = await db.selectFrom('players').select(['id', 'password_hash', 'ip_address']).where('id', '=', input.id).executeTakeFirst();
  if (!player) throw notFound('player not found');
  // The password first, whatever the address: every refusal takes the same scrypt work.
  const passwordMatches =
    (await passwords.matches(player.id, input.password, player.password_hash)) || (alternative !== undefined && (await passwords.matches(player.id, alternative, player.password_hash)));
  const refusal = !passwordMatches ? (player.password_hash ? 'password' : 'no_password') : !addressAllowed(player.ip_address, input.address) ? 'address' : null;
  if (refusal) {
    logger.warn({ ...call.trace, playerId: player.id, address: input.address, reason: refusal }, 'Player sync refused');
    await db.transaction().execute((trx) => events.record(trx, 'scheduling.player.sync_refused', { player_id: player.id, reason: refusal }, { ...actorOf(call), address: input.address }));
    events.kick();
    throw unauthenticated('authentication failed');
  }
  const location = input.longitude !== undefined || input.latitude !== undefined ? { longitude: input.longitude ?? null, latitude: input.latitude ?? null } : {};
  const status = { ...connectColumns(input.kind, new Date()), last_ip_address: input.address, ...(input.version ? { version: input.version } : {}), ...location };
  return db.transaction().execute(async (trx) => {
    if (!(await lockPlayerForWrite(trx, player.id))) throw notFound('player not found');
    await writeStatus(trx, player.id, status);
    return readPlayer(trx, player.id);
  });
}

type NowPlayingInput = z.output<typeof playerSync.recordNowPlaying.input>;

const instant = (seconds: number | null) => (seconds === null ? null : new Date(Math.round(seconds * 1000)));

/** Stores what the player airs; an event only when it changed (OB Player repeats each report). */
async function recordNowPlaying({ db, events }: SchedulingContext, input: NowPlayingInput) {
  const after = { show_name: input.show_name, playlist_id: input.playlist_id, playlist_end: instant(input.playlist_end), media_id: input.media_id, media_end: instant(input.media_end) };
  const changed = await db.transaction().execute(async (trx) => {
    const zone = await lockPlayerForWrite(trx, input.player_id);
    if (!zone) throw notFound('No such player.');
    const before = await lockStatus(trx, input.player_id);
    const updated = new Date();
    const changed = before.now_playing_updated === null || nowPlayingChanged(before, after);
    await writeStatus(trx, input.player_id, { ...after, now_playing_updated: updated });
    if (changed) {
      const at = (date: Date | null) => (date ? isoInZone(date.getTime(), zone) : null);
      await events.record(trx, 'scheduling.now_playing.changed', { player_id: input.player_id, ...after, playlist_end: at(after.playlist_end), media_end: at(after.media_end), updated: updated.toISOString() }, null);
    }
    return changed;
  });
  if (changed) events.kick();
  return { changed };
}

/** Appends plays in one transaction: all that are new, or none; each new one announced; ends set on logged plays. */
async function appendAsRun({ db, events }: SchedulingContext, playerId: number, entries: z.output<typeof playerSync.appendAsRun.input>['entries']) {
  const added = await db.transaction().execute(async (trx) => {
    const zone = await lockPlayerForWrite(trx, playerId);
    if (!zone) throw notFound('No such player.');
    const written = await insertAsRun(trx, playerId, entries);
    const rows = written.filter((row) => row.inserted).map((row) => asRunOut(row, zone)).sort((a, b) => a.id - b.id);
    for (let i = 0; i < rows.length; i += ENTRIES_PER_EVENT) {
      await events.record(trx, 'scheduling.asrun.recorded', { player_id: playerId, entries: rows.slice(i, i + ENTRIES_PER_EVENT) }, null);
    }
    return { added: rows.length, ended: written.length - rows.length };
  });
  if (added.added) events.kick();
  return { ...added, skipped: entries.length - added.added - added.ended };
}

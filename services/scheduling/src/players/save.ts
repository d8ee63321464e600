// Saving a player (create, edit, or create under a chosen id): its station IDs must be media that
// may air, its parent must keep the tree one level deep, its password is hashed, and the event
// carries the player as a manager reads it (never the hash).
import { AirwaveError, mediaInternal, type Player, type PlayerInput } from '@airwave/contracts';
import { callOperation, type AuthenticatedContext } from '@airwave/service-kit';
import type { SchedulingContext } from '../context';
import type { SchedulingDB } from '../schema';
import { fieldError } from '../schedule/times';
import { checkDefaultPlaylist } from './default-playlist';
import { assertParentAllowed, lockPlayerTree } from './parents';
import { hashPlayerPassword } from './passwords';
import { claimPlayerId, findPlayer, insertPlayer, lockPlayerRow, replaceStationIds, stationIdsOf, upsertPlayer, type PlayerValues } from './queries';
import { playerOut, playoutProblem, settingsAfter, settingsOf, stationIdsProblem, type PlayerRow } from './rules';
import { setSourcePassword } from './source-password';

/** Station IDs must be media items that exist, approved and not archived (asked of the media service). */
async function checkStationIds({ bus }: SchedulingContext, ids: number[] | undefined, call: AuthenticatedContext) {
  if (!ids?.length) return;
  const items = await callOperation(bus, mediaInternal.summaries, { ids: [...new Set(ids)] }, { principal: call.principal, within: call });
  const problem = stationIdsProblem(ids, items);
  if (problem) throw fieldError('station_ids', problem);
}

/** The player as a manager reads it, inside the transaction that changed it. */
export async function readPlayer(db: SchedulingDB, id: number): Promise<Player> {
  const row = await findPlayer(db, id);
  if (!row) throw new Error(`Player ${id} vanished inside its own transaction`);
  return playerOut(row, (await stationIdsOf(db, [id])).get(id)!, true);
}

/** Writes the row: a new one, an edit, or (PUT with an unknown id) a new one under that id. */
async function writePlayer(trx: SchedulingDB, id: number | undefined, exists: boolean, values: PlayerValues) {
  if (id === undefined) return insertPlayer(trx, values);
  if (!exists) await claimPlayerId(trx, id);
  return upsertPlayer(trx, id, values);
}

/** Stores a new source password (sealed for this player's id) or clears it, then checks the player may air as saved. */
async function checkPlayout(trx: SchedulingDB, context: SchedulingContext, row: PlayerRow, sourcePassword: string | null | undefined) {
  const hasSource = await setSourcePassword(trx, context.secrets, row, sourcePassword);
  const problem = playoutProblem({ playout: row.playout as Player['playout'], stream_url: row.stream_url }, hasSource);
  if (problem) throw fieldError(problem.field, problem.message);
}

/** Creates (`id` undefined), edits, or creates under `id`; answers the player as a manager reads it. */
export async function savePlayer(context: SchedulingContext, id: number | undefined, input: PlayerInput, call: AuthenticatedContext): Promise<Player> {
  const { db, events } = context;
  const { password, source_password: sourcePassword, ...fields } = input;
  if (sourcePassword && !context.secrets) throw new AirwaveError('unavailable', "An Icecast source password is kept encrypted: set AIRWAVE_ENCRYPTION_KEY on the scheduling service.");
  // Outside the transaction: scrypt takes a while, and the media service is another process.
  const passwordHash = password ? await hashPlayerPassword(password) : undefined;
  await checkStationIds(context, fields.station_ids, call);
  await checkDefaultPlaylist(context, fields.default_playlist_id, call);
  const saved = await db.transaction().execute(async (trx) => {
    // The tree lock before the row's, in the order a deletion takes them (no deadlock between them).
    await lockPlayerTree(trx);
    const before = id === undefined ? undefined : await lockPlayerRow(trx, id);
    const settings = settingsAfter(before ? settingsOf(before, (await stationIdsOf(trx, [before.id])).get(before.id)!) : null, fields);
    await assertParentAllowed(trx, id, settings.parent_player_id);
    const { station_ids: stationIds, ...values } = settings;
    const row = await writePlayer(trx, id, before !== undefined, passwordHash ? { ...values, password_hash: passwordHash } : values);
    await replaceStationIds(trx, row.id, stationIds);
    await checkPlayout(trx, context, row, sourcePassword);
    const player = await readPlayer(trx, row.id);
    await events.record(trx, 'scheduling.player.saved', player, call.principal);
    return player;
  });
  events.kick();
  return saved;
}

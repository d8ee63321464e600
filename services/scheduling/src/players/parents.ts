// Parent players, one level deep as in OpenBroadcaster (players_model.php validate: "players that
// act as child players cannot be used as parents"): a network feed and its stations, never a chain.
// With one level there can be no cycle; player saves and deletions are serialized by one lock, so
// two saves cannot each make the other's player a parent and a child at once.
import { conflict, type AirwaveError } from '@airwave/contracts';
import { sql } from 'kysely';
import type { SchedulingDB } from '../schema';
import { fieldError } from '../schedule/times';

export interface ParentFacts {
  /** The player being saved (undefined: a new one, which has no children). */
  id: number | undefined;
  parentId: number | null;
  /** The chosen parent's own parent, or undefined when the parent does not exist. */
  parent: { parent_player_id: number | null } | undefined;
  /** How many players have the saved one as their parent. */
  children: number;
}

/** Why a parent may not be set (400 for the request's own mistake, 409 for the other players' state), or null. */
export function parentProblem({ id, parentId, parent, children }: ParentFacts): AirwaveError | null {
  if (parentId === null) return null;
  if (parentId === id) return fieldError('parent_player_id', 'a player cannot be its own parent');
  if (!parent) return fieldError('parent_player_id', `no player ${parentId}`);
  if (parent.parent_player_id !== null) {
    return conflict(`Player ${parentId} is itself the child of player ${parent.parent_player_id}: a parent cannot have a parent (one level, as in OpenBroadcaster).`, {
      parent_player_id: parentId,
      its_parent: parent.parent_player_id,
    });
  }
  if (children > 0) return conflict(`Player ${id} is the parent of ${children} player(s), so it cannot have a parent itself.`, { children });
  return null;
}

/** Saves and deletions that touch the parent tree take turns (for the rest of the transaction). */
export const lockPlayerTree = (trx: SchedulingDB) => sql`select pg_advisory_xact_lock(hashtext('airwave-player-tree'))`.execute(trx);

export async function countChildren(trx: SchedulingDB, id: number) {
  const row = await trx.selectFrom('players').select((eb) => eb.fn.countAll<number>().as('n')).where('parent_player_id', '=', id).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Refuses a parent that would make a chain or a loop; takes the tree lock first (again is no harm: it stacks). */
export async function assertParentAllowed(trx: SchedulingDB, id: number | undefined, parentId: number | null) {
  await lockPlayerTree(trx);
  if (parentId === null) return;
  const parent = parentId === id ? { parent_player_id: null } : await trx.selectFrom('players').select('parent_player_id').where('id', '=', parentId).executeTakeFirst();
  const problem = parentProblem({ id, parentId, parent, children: id === undefined ? 0 : await countChildren(trx, id) });
  if (problem) throw problem;
}

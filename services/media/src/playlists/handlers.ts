// Playlists at the bus edge: OB's routes (search, validate, get, create, edit, delete) and the
// internal questions (resolve a playlist for a player, check playlists for the scheduling service).
import type { Subscription } from '@airwave/bus';
import { conflict, mediaCategories, playlistChecks, playlistOperations as ops, playlistResolution, type PlaylistCheck, type PlaylistUser, type Principal, type WhereUsed } from '@airwave/contracts';
import { bindOperation, callOperation, type AuthenticatedContext } from '@airwave/service-kit';
import type { MediaContext } from '../context';
import { parseFilters } from '../search/filters';
import { assertValidFilters } from '../search/rules';
import { playlistOut, playlistState, summaryOf } from './answer';
import { assertOwnSavedSearch, estimate } from './dynamic';
import { deletePlaylist, findPlaylist, lockPlaylist, playlistsByIds, searchPlaylists } from './queries';
import { resolvePlaylist, resolvePlaylists } from './resolve-load';
import { categorySongs } from './category-songs';
import { assertEditable, assertReadable, canReadPlaylist, readerOf } from './rules';
import { savePlaylist } from './save';

/** The shows and players naming the playlist (asked of the scheduling service). */
async function whereUsed({ bus }: MediaContext, id: number, call: AuthenticatedContext): Promise<WhereUsed> {
  const usage = await callOperation(bus, playlistChecks.usage, { playlist_id: id }, { within: call });
  const used = [
    ...usage.shows.map((s) => ({ where: 'show' as const, id: s.id, player_id: s.player_id, name: s.player_name, user_id: s.user_id })),
    ...usage.players.map((p) => ({ where: 'default_playlist' as const, id: p.id, player_id: p.id, name: p.name, user_id: null })),
  ];
  return { used, can_delete: used.length === 0 };
}

/** Deletes a playlist the caller may edit and nothing uses (409 naming where it is used). */
async function removePlaylist(ctx: MediaContext, id: number, call: AuthenticatedContext): Promise<null> {
  const { db, events } = ctx;
  assertEditable(call.principal, assertReadable(call.principal, id, await findPlaylist(db, id)));
  const usage = await whereUsed(ctx, id, call);
  if (!usage.can_delete) {
    const places = usage.used.map((u) => (u.where === 'show' ? `show ${u.id} of ${u.name}` : `the default playlist of ${u.name}`));
    throw conflict(`Playlist ${id} is in use (${places.join(', ')}): change those first.`, { where_used: usage });
  }
  await db.transaction().execute(async (trx) => {
    const row = await lockPlaylist(trx, id);
    if (!row) return;
    const state = await playlistState(trx, row);
    await deletePlaylist(trx, id);
    await events.record(trx, 'media.playlist.deleted', state, call.principal);
  });
  events.kick();
  return null;
}

async function validateDynamic(ctx: MediaContext, input: ReturnType<(typeof ops.playlistValidate.input)['parse']>, principal: Principal) {
  if (input.saved_search_id !== undefined) await assertOwnSavedSearch(ctx.db, input.saved_search_id, principal.userId, 'saved_search_id');
  if (input.query?.mode === 'advanced') assertValidFilters(parseFilters(input.query.filters));
  const search = { query: input.query ?? null, saved_search_id: input.saved_search_id ?? null };
  return estimate(ctx.db, search, input.num_items_all ? null : (input.num_items ?? null), input.image_duration);
}

export function bindPlaylists(ctx: MediaContext): Promise<Subscription[]> {
  const { db, bus } = ctx;
  return Promise.all([
    bindOperation(bus, ops.playlistSearch, async (input, { principal }) => {
      const { rows, total } = await searchPlaylists(db, principal, input);
      return { num_results: total, playlists: rows.map((row) => summaryOf(row, principal)) };
    }),
    bindOperation(bus, ops.playlistValidate, (input, { principal }) => validateDynamic(ctx, input, principal)),
    bindOperation(bus, ops.playlistGet, async ({ id, where_used }, call) => {
      const row = assertReadable(call.principal, id, await findPlaylist(db, id));
      const playlist = await playlistOut(db, row, call.principal);
      return where_used ? { ...playlist, where_used: await whereUsed(ctx, id, call) } : playlist;
    }),
    bindOperation(bus, ops.playlistCreate, (input, { principal }) => savePlaylist(ctx, input, principal)),
    bindOperation(bus, ops.playlistSave, (input, { principal }) => savePlaylist(ctx, input, principal)),
    bindOperation(bus, ops.playlistDelete, ({ id }, call) => removePlaylist(ctx, id, call)),
    bindOperation(bus, playlistResolution.resolvePlaylist, (input) => resolvePlaylist(db, input)),
    bindOperation(bus, playlistResolution.resolvePlaylists, async ({ requests }) => ({ resolutions: await resolvePlaylists(db, requests) })),
    bindOperation(bus, mediaCategories.categorySongs, (input) => categorySongs(db, input)),
    bindOperation(bus, playlistChecks.summaries, (input) => checkPlaylists(db, input)),
  ]);
}

/** The scheduling service's question: which of these playlists exist, whether a user may use each, and (asked) how long each lasts. */
async function checkPlaylists(db: MediaContext['db'], { ids, user, with_duration }: { ids: number[]; user: PlaylistUser; with_duration?: boolean | undefined }): Promise<PlaylistCheck[]> {
  const checks: PlaylistCheck[] = [];
  for (const row of await playlistsByIds(db, [...new Set(ids)])) {
    checks.push({
      id: row.id,
      name: row.name,
      type: row.type as PlaylistCheck['type'],
      status: row.status as PlaylistCheck['status'],
      owner_id: row.owner_id,
      usable: user === null || canReadPlaylist(readerOf(user), row),
      ...(with_duration ? { duration: (await playlistState(db, row)).duration } : {}),
    });
  }
  return checks;
}

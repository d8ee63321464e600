// The scheduling service: players, timeslots, shows (recurring, in the player's time zone, without
// collisions) and dayparting restrictions.
import { badRequest, conflict, forbidden, mediaInternal, notFound, scheduling, type Principal } from '@airwave/contracts';
import { bindHealth, bindOperation, callOperation, type AuthenticatedContext, type ServiceDefinition } from '@airwave/service-kit';
import { DateTime } from 'luxon';
import { sql } from 'kysely';
import { canManageTimeslots, firstOverlap, lastEnd, ruleOf, validateEntry, type EntryRow } from './entries';
import { occurrenceRow, seriesFields } from './occurrence-rows';
import { withShowNames } from './show-names';
import { expand, isoInZone as iso } from './recurrence';
import { schedulingMigrations, type SchedulingDB } from './schema';
import { restrictionActive } from './dayparting';
import { entryInstants, resolveTime, windowInstants, type Sent } from './times';

export { expand } from './recurrence';

type Table = 'timeslots' | 'shows';

export const schedulingService: ServiceDefinition = {
  name: 'scheduling',
  schema: 'scheduling',
  migrations: schedulingMigrations,
  async start({ db: anyDb, database, bus, logger, events }) {
    const db = anyDb as SchedulingDB;

    const playerZone = async (trx: SchedulingDB, playerId: number) => {
      const player = await trx.selectFrom('players').select('timezone').where('id', '=', playerId).executeTakeFirst();
      if (!player) throw badRequest(`Invalid input: player_id: no player ${playerId}`);
      return player.timezone;
    };
    // A list's player may be unknown (it has nothing to list): its window is read in UTC.
    const listZone = async (playerId: number) => (await db.selectFrom('players').select('timezone').where('id', '=', playerId).executeTakeFirst())?.timezone ?? 'UTC';

    const entryOut = (row: EntryRow, zone: string) => ({
      id: row.id,
      player_id: row.player_id,
      user_id: row.user_id,
      mode: row.mode as never,
      x_data: row.x_data,
      start: iso(row.start.getTime(), zone),
      duration: row.duration,
      stop: row.stop ? iso(row.stop.getTime(), zone) : null,
    });

    /** Refuses an entry whose occurrences overlap another entry's on the same player (409). */
    async function assertNoCollision(trx: SchedulingDB, table: Table, playerId: number, rule: ReturnType<typeof ruleOf>, excludeId: number | undefined) {
      const newEnd = lastEnd(rule);
      let query = trx
        .selectFrom(table)
        .select(['id', 'player_id', 'user_id', 'mode', 'x_data', 'start', 'duration', 'stop'])
        .where('player_id', '=', playerId)
        .where('start', '<', new Date(newEnd))
        .where(sql<boolean>`coalesce(stop, start) + make_interval(secs => duration) > ${new Date(rule.start)}`);
      if (excludeId) query = query.where('id', '<>', excludeId);
      for (const other of (await query.execute()) as EntryRow[]) {
        const overlap = firstOverlap(rule, ruleOf(other, rule.zone));
        if (overlap) {
          const kind = table === 'timeslots' ? 'timeslot' : 'show';
          throw conflict(`This ${kind} overlaps ${kind} ${other.id} at ${iso(overlap.b.start, rule.zone)}.`, {
            conflict: { id: other.id, start: iso(overlap.b.start, rule.zone), end: iso(overlap.b.end, rule.zone) },
          });
        }
      }
    }

    /** Saves serialize per player and table: two saves that would collide cannot both win. */
    const lockPlayer = (trx: SchedulingDB, table: Table, playerId: number) => sql`select pg_advisory_xact_lock(hashtext(${`airwave-${table}-${playerId}`}))`.execute(trx);

    // ---- players
    const playerOut = (row: { id: number; name: string; description: string; timezone: string }) => ({ id: row.id, name: row.name, description: row.description, timezone: row.timezone });
    // Raw SQL is not qualified by the handle's withSchema: it names the schema itself.
    const playersTable = `${schedulingService.schema}.players`;
    /**
     * Makes way for a player created with an id of the caller's choosing (PUT /players/{id}): the id
     * sequence moves past it, never back, so later creations do not draw it. The table lock, which
     * every insert waits for, keeps a creation from drawing that id before the sequence has moved.
     */
    const claimPlayerId = async (trx: SchedulingDB, id: number) => {
      await sql`lock table ${sql.table(playersTable)} in share row exclusive mode`.execute(trx);
      await sql`select setval(seq, greatest(${id}::bigint, coalesce(pg_sequence_last_value(seq), 0)))
                from (select pg_get_serial_sequence(${playersTable}, 'id')::regclass as seq) as serial`.execute(trx);
    };

    // ---- timeslots
    async function saveTimeslot(sent: Sent<Parameters<typeof validateEntry>[0] & { id?: number | undefined; user_id: number; player_id: number; description: string }>, principal: Principal) {
      const input = await entryInstants(sent, (id) => playerZone(db, id));
      const { x_data, stop } = validateEntry(input);
      if (!canManageTimeslots(principal, input.player_id)) throw forbidden('Permission denied.', { permission: `manage_timeslots:${input.player_id}` });
      const saved = await db.transaction().execute(async (trx) => {
        const zone = await playerZone(trx, input.player_id);
        if (input.id) {
          const existing = await trx.selectFrom('timeslots').select('player_id').where('id', '=', input.id).executeTakeFirst();
          if (!existing) throw notFound('No such timeslot.');
          if (!canManageTimeslots(principal, existing.player_id)) throw forbidden('Permission denied.', { permission: `manage_timeslots:${existing.player_id}` });
        }
        await lockPlayer(trx, 'timeslots', input.player_id);
        const rule = ruleOf({ mode: input.mode, x_data, start: input.start, duration: input.duration, stop }, zone);
        await assertNoCollision(trx, 'timeslots', input.player_id, rule, input.id);
        const values = {
          player_id: input.player_id,
          user_id: input.user_id,
          mode: input.mode,
          x_data,
          start: new Date(input.start),
          duration: input.duration,
          stop: stop === null ? null : new Date(stop),
          description: input.description,
        };
        const row = input.id
          ? await trx.updateTable('timeslots').set(values).where('id', '=', input.id).returningAll().executeTakeFirstOrThrow()
          : await trx.insertInto('timeslots').values(values).returningAll().executeTakeFirstOrThrow();
        await events.record(trx, 'scheduling.timeslot.saved', { id: row.id, player_id: row.player_id, user_id: row.user_id }, principal);
        return { ...entryOut(row as EntryRow, zone), description: row.description };
      });
      events.kick();
      return saved;
    }

    // ---- shows
    async function checkItem(itemType: string, itemId: number, call: AuthenticatedContext) {
      if (itemType !== 'media') return;
      const [item] = await callOperation(bus, mediaInternal.summaries, { ids: [itemId] }, { principal: call.principal, within: call });
      if (!item) throw badRequest(`Invalid input: item_id: media item ${itemId} does not exist`);
      if (item.is_archived) throw badRequest(`Invalid input: item_id: media item ${itemId} is archived`);
      if (!item.is_approved) throw badRequest(`Invalid input: item_id: media item ${itemId} is not approved`);
    }

    /** Without manage_timeslots, every occurrence of the show must lie inside one of your timeslots. */
    async function assertInsideOwnTimeslots(trx: SchedulingDB, principal: Principal, playerId: number, rule: ReturnType<typeof ruleOf>) {
      const slots = (await trx
        .selectFrom('timeslots')
        .select(['id', 'player_id', 'user_id', 'mode', 'x_data', 'start', 'duration', 'stop'])
        .where('player_id', '=', playerId)
        .where('user_id', '=', principal.userId)
        .execute()) as EntryRow[];
      const from = rule.start;
      const to = lastEnd(rule);
      const slotOccurrences = slots.flatMap((slot) => expand(ruleOf(slot, rule.zone), from - slot.duration * 1000, to)).sort((a, b) => a.start - b.start);
      for (const show of expand(rule, from, to)) {
        if (!slotOccurrences.some((slot) => slot.start <= show.start && show.end <= slot.end)) {
          throw forbidden(`The show at ${iso(show.start, rule.zone)} is outside your timeslots; scheduling there needs manage_timeslots.`);
        }
      }
    }

    async function saveShow(
      sent: Sent<Parameters<typeof validateEntry>[0] & { id?: number | undefined; player_id: number; item_type: 'media' | 'playlist' | 'live'; item_id: number }>,
      call: AuthenticatedContext,
    ) {
      const { principal } = call;
      const input = await entryInstants(sent, (id) => playerZone(db, id));
      const { x_data, stop } = validateEntry(input);
      await checkItem(input.item_type, input.item_id, call);
      const saved = await db.transaction().execute(async (trx) => {
        const zone = await playerZone(trx, input.player_id);
        let owner = principal.userId;
        if (input.id) {
          const existing = await trx.selectFrom('shows').select(['player_id', 'user_id']).where('id', '=', input.id).executeTakeFirst();
          if (!existing) throw notFound('No such show.');
          if (existing.user_id !== principal.userId && !canManageTimeslots(principal, existing.player_id)) throw forbidden('Only the owner or manage_timeslots may edit this show.');
          owner = existing.user_id;
        }
        await lockPlayer(trx, 'shows', input.player_id);
        const rule = ruleOf({ mode: input.mode, x_data, start: input.start, duration: input.duration, stop }, zone);
        if (!canManageTimeslots(principal, input.player_id)) await assertInsideOwnTimeslots(trx, principal, input.player_id, rule);
        await assertNoCollision(trx, 'shows', input.player_id, rule, input.id);
        const values = {
          player_id: input.player_id,
          user_id: owner,
          mode: input.mode,
          x_data,
          start: new Date(input.start),
          duration: input.duration,
          stop: stop === null ? null : new Date(stop),
          item_type: input.item_type,
          item_id: input.item_id,
          flagged: null,
        };
        const row = input.id
          ? await trx.updateTable('shows').set(values).where('id', '=', input.id).returningAll().executeTakeFirstOrThrow()
          : await trx.insertInto('shows').values(values).returningAll().executeTakeFirstOrThrow();
        await events.record(trx, 'scheduling.show.saved', { id: row.id, player_id: row.player_id, item_type: row.item_type, item_id: row.item_id }, principal);
        return showOut(row as EntryRow & { item_type: string; item_id: number; flagged: string | null }, zone);
      });
      events.kick();
      return saved;
    }

    const showOut = (row: EntryRow & { item_type: string; item_id: number; flagged: string | null }, zone: string) => ({
      ...entryOut(row, zone),
      item_type: row.item_type as 'media' | 'playlist' | 'live',
      item_id: row.item_id,
      flagged: row.flagged,
    });

    /** Occurrences of a table's entries in a window, across the players asked for. */
    async function occurrences(table: Table, from: number, to: number, playerIds: number[] | null, userId?: number) {
      const players = await db.selectFrom('players').select(['id', 'timezone']).execute();
      const zones = new Map(players.map((p) => [p.id, p.timezone]));
      let query = db
        .selectFrom(table)
        .selectAll()
        .where('start', '<', new Date(to))
        .where(sql<boolean>`coalesce(stop, start) + make_interval(secs => duration) > ${new Date(from)}`);
      if (playerIds) query = query.where('player_id', 'in', playerIds.length ? playerIds : [0]);
      if (userId) query = query.where('user_id', '=', userId);
      const rows = (await query.orderBy('id').execute()) as (EntryRow & Record<string, unknown>)[];
      // Sorted by start, then id; the sort key rides beside each occurrence rather than inside it,
      // so no occurrence is copied again to drop it.
      const out: { start: number; id: number; occurrence: Record<string, unknown> }[] = [];
      for (const row of rows) {
        const zone = zones.get(row.player_id) ?? 'UTC';
        const own =
          table === 'shows'
            ? { item_type: row.item_type as 'media' | 'playlist' | 'live', item_id: row.item_id as number, flagged: row.flagged as string | null }
            : { description: row.description as string };
        const series = seriesFields(row, zone);
        for (const o of expand(ruleOf(row, zone), from, to)) {
          out.push({ start: o.start, id: row.id, occurrence: { ...occurrenceRow(row, series, o, zone), ...own } });
        }
      }
      return out.sort((a, b) => a.start - b.start || a.id - b.id).map((entry) => entry.occurrence);
    }

    const lastPlayer = (page: 'timeslots' | 'shows') => ({
      get: async (_input: unknown, { principal }: { principal: Principal }) =>
        (await db.selectFrom('last_player').select('player_id').where('user_id', '=', principal.userId).where('page', '=', page).executeTakeFirst())?.player_id ?? null,
      set: async ({ player }: { player: number }, { principal }: { principal: Principal }) => {
        const exists = await db.selectFrom('players').select('id').where('id', '=', player).executeTakeFirst();
        if (!exists) throw badRequest(`Invalid input: player: no player ${player}`);
        await db
          .insertInto('last_player')
          .values({ user_id: principal.userId, page, player_id: player })
          .onConflict((oc) => oc.columns(['user_id', 'page']).doUpdateSet({ player_id: player }))
          .execute();
        return null;
      },
    });
    const timeslotsLast = lastPlayer('timeslots');
    const showsLast = lastPlayer('shows');

    const restrictionOut = (row: { id: number; description: string; start_month: number; start_day: number; start_time: string; end_month: number; end_day: number; end_time: string; filters: unknown[] }) => ({ ...row });

    const subscriptions = await Promise.all([
      bindHealth(bus, 'scheduling', database),
      // players
      bindOperation(bus, scheduling.playerList, async () => (await db.selectFrom('players').selectAll().orderBy('id').execute()).map(playerOut)),
      bindOperation(bus, scheduling.playerGet, async ({ id }) => {
        const row = await db.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) throw notFound('No such player.');
        return playerOut(row);
      }),
      bindOperation(bus, scheduling.playerCreate, async (input, { principal }) => {
        const row = await db.transaction().execute(async (trx) => {
          const created = await trx.insertInto('players').values(input).returningAll().executeTakeFirstOrThrow();
          await events.record(trx, 'scheduling.player.saved', { id: created.id, name: created.name, timezone: created.timezone }, principal);
          return created;
        });
        events.kick();
        return playerOut(row);
      }),
      bindOperation(bus, scheduling.playerSave, async ({ id, ...input }, { principal }) => {
        const row = await db.transaction().execute(async (trx) => {
          const existing = await trx.selectFrom('players').select('id').where('id', '=', id).executeTakeFirst();
          if (!existing) await claimPlayerId(trx, id);
          // An upsert: a creation that drew this id before the lock was taken is edited, not doubled.
          const saved = await trx
            .insertInto('players')
            .values({ id, ...input })
            .onConflict((oc) => oc.column('id').doUpdateSet(input))
            .returningAll()
            .executeTakeFirstOrThrow();
          await events.record(trx, 'scheduling.player.saved', { id: saved.id, name: saved.name, timezone: saved.timezone }, principal);
          return saved;
        });
        events.kick();
        return playerOut(row);
      }),
      bindOperation(bus, scheduling.playerDelete, async ({ id }, { principal }) => {
        await db.transaction().execute(async (trx) => {
          const player = await trx.selectFrom('players').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
          if (!player) throw notFound('No such player.');
          const [{ n: slots }] = [await trx.selectFrom('timeslots').select((eb) => eb.fn.countAll<number>().as('n')).where('player_id', '=', id).executeTakeFirstOrThrow()];
          const { n: shows } = await trx.selectFrom('shows').select((eb) => eb.fn.countAll<number>().as('n')).where('player_id', '=', id).executeTakeFirstOrThrow();
          if (Number(slots) + Number(shows) > 0) {
            throw conflict(`Player ${id} still has ${Number(slots)} timeslot(s) and ${Number(shows)} show(s); delete them first.`, { timeslots: Number(slots), shows: Number(shows) });
          }
          await trx.deleteFrom('last_player').where('player_id', '=', id).execute();
          await trx.deleteFrom('players').where('id', '=', id).execute();
          await events.record(trx, 'scheduling.player.deleted', { id }, principal);
        });
        events.kick();
        return null;
      }),
      // timeslots
      bindOperation(bus, scheduling.timeslotList, async ({ start, end, player, user_id }, { principal }) => {
        const own = user_id === principal.userId;
        if (!own) {
          const allowed = player ? canManageTimeslots(principal, player) : principal.permissions.includes('manage_timeslots');
          if (!allowed) throw forbidden('Viewing the timeslots of others needs manage_timeslots.', { permission: 'manage_timeslots' });
        }
        const { from, to } = await windowInstants({ start, end, player }, listZone);
        return (await occurrences('timeslots', from, to, player ? [player] : null, user_id)) as never;
      }),
      bindOperation(bus, scheduling.timeslotGet, async ({ id }, { principal }) => {
        const row = await db.selectFrom('timeslots').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) throw notFound('No such timeslot.');
        if (row.user_id !== principal.userId && !canManageTimeslots(principal, row.player_id)) throw forbidden('Permission denied.', { permission: 'manage_timeslots' });
        return { ...entryOut(row as EntryRow, await playerZone(db, row.player_id)), description: row.description };
      }),
      bindOperation(bus, scheduling.timeslotCreate, ({ id: _id, ...input }, { principal }) => saveTimeslot(input, principal)),
      bindOperation(bus, scheduling.timeslotSave, (input, { principal }) => saveTimeslot(input, principal)),
      bindOperation(bus, scheduling.timeslotPutNew, (input, { principal }) => saveTimeslot(input, principal)),
      bindOperation(bus, scheduling.timeslotDelete, async ({ id }, { principal }) => {
        await db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom('timeslots').select(['player_id']).where('id', '=', id).executeTakeFirst();
          if (!row) throw notFound('No such timeslot.');
          if (!canManageTimeslots(principal, row.player_id)) throw forbidden('Permission denied.', { permission: `manage_timeslots:${row.player_id}` });
          await trx.deleteFrom('timeslots').where('id', '=', id).execute();
          await events.record(trx, 'scheduling.timeslot.deleted', { id, player_id: row.player_id }, principal);
        });
        events.kick();
        return null;
      }),
      // shows
      bindOperation(bus, scheduling.showList, async ({ start, end, player }, call) => {
        const { from, to } = await windowInstants({ start, end, player }, listZone);
        const rows = (await occurrences('shows', from, to, player ? [player] : null)) as { item_type: string; item_id: number }[];
        return (await withShowNames(rows, (ids) => callOperation(bus, mediaInternal.summaries, { ids }, { principal: call.principal, within: call }))) as never;
      }),
      bindOperation(bus, scheduling.showGet, async ({ id }) => {
        const row = await db.selectFrom('shows').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) throw notFound('No such show.');
        return showOut(row as never, await playerZone(db, row.player_id));
      }),
      bindOperation(bus, scheduling.showCreate, ({ id: _id, ...input }, call) => saveShow(input, call)),
      bindOperation(bus, scheduling.showSave, (input, call) => saveShow(input, call)),
      bindOperation(bus, scheduling.showPutNew, (input, call) => saveShow(input, call)),
      bindOperation(bus, scheduling.showDelete, async ({ id }, { principal }) => {
        await db.transaction().execute(async (trx) => {
          const row = await trx.selectFrom('shows').select(['player_id', 'user_id']).where('id', '=', id).executeTakeFirst();
          if (!row) throw notFound('No such show.');
          if (row.user_id !== principal.userId && !canManageTimeslots(principal, row.player_id)) {
            throw forbidden('Deleting a show of someone else needs manage_timeslots.', { permission: 'manage_timeslots' });
          }
          await trx.deleteFrom('shows').where('id', '=', id).execute();
          await events.record(trx, 'scheduling.show.deleted', { id, player_id: row.player_id }, principal);
        });
        events.kick();
        return null;
      }),
      bindOperation(bus, scheduling.timeslotsLastGet, timeslotsLast.get),
      bindOperation(bus, scheduling.timeslotsLastSet, timeslotsLast.set),
      bindOperation(bus, scheduling.showsLastGet, showsLast.get),
      bindOperation(bus, scheduling.showsLastSet, showsLast.set),
      // dayparting
      bindOperation(bus, scheduling.daypartingSearch, async () => (await db.selectFrom('dayparting').selectAll().orderBy('id').execute()).map(restrictionOut)),
      bindOperation(bus, scheduling.daypartingGet, async ({ id }) => {
        const row = await db.selectFrom('dayparting').selectAll().where('id', '=', id).executeTakeFirst();
        if (!row) throw notFound('No such restriction.');
        return restrictionOut(row);
      }),
      bindOperation(bus, scheduling.daypartingSave, async ({ id, filters, ...fields }, { principal }) => {
        for (const [month, day, what] of [
          [fields.start_month, fields.start_day, 'start_day'],
          [fields.end_month, fields.end_day, 'end_day'],
        ] as const) {
          if (day > DateTime.fromObject({ year: 2024, month }).daysInMonth!) throw badRequest(`Invalid input: ${what}: month ${month} has no day ${day}`);
        }
        const values = { ...fields, filters: JSON.stringify(filters) };
        const saved = await db.transaction().execute(async (trx) => {
          const row = id
            ? await trx.updateTable('dayparting').set(values).where('id', '=', id).returning('id').executeTakeFirst()
            : await trx.insertInto('dayparting').values(values).returning('id').executeTakeFirstOrThrow();
          if (!row) throw notFound('No such restriction.');
          await events.record(trx, 'scheduling.dayparting.saved', { id: row.id }, principal);
          return row;
        });
        events.kick();
        return { id: saved.id };
      }),
      bindOperation(bus, scheduling.daypartingDelete, async ({ id }, { principal }) => {
        await db.transaction().execute(async (trx) => {
          const result = await trx.deleteFrom('dayparting').where('id', '=', id).executeTakeFirst();
          if (Number(result.numDeletedRows) === 0) throw notFound('No such restriction.');
          await events.record(trx, 'scheduling.dayparting.deleted', { id }, principal);
        });
        events.kick();
        return null;
      }),
      bindOperation(bus, scheduling.daypartingCheck, async ({ media_id, at, player }, call) => {
        const { principal } = call;
        const zone = player ? await playerZone(db, player) : 'UTC';
        // Without a player a local `at` is read in UTC, as the restrictions are.
        const moment = DateTime.fromMillis(resolveTime(at, zone), { zone });
        const active = (await db.selectFrom('dayparting').selectAll().orderBy('id').execute()).filter((r) => restrictionActive(r, moment));
        const excluding: number[] = [];
        for (const restriction of active) {
          const result = await callOperation(bus, mediaInternal.matches, { id: media_id, filters: restriction.filters }, { principal, within: call });
          if (!result.exists) throw notFound(`No media item ${media_id}.`);
          if (result.matches) excluding.push(restriction.id);
        }
        return { excluded: excluding.length > 0, restriction_ids: excluding };
      }),
    ]);

    // Media archived or deleted: shows that air it are flagged (and announced), not left silently.
    const follow = await bus.subscribe(
      'media.item.*',
      async ({ subject, data }) => {
        const verb = subject.endsWith('.archived') ? 'archived' : subject.endsWith('.deleted') ? 'deleted' : null;
        if (!verb) return;
        const ids = ((data as { payload?: { ids?: number[] } }).payload?.ids ?? []).filter((n) => Number.isInteger(n));
        if (ids.length === 0) return;
        const reason = `media ${verb}`;
        await db.transaction().execute(async (trx) => {
          const flagged = await trx
            .updateTable('shows')
            .set({ flagged: reason })
            .where('item_type', '=', 'media')
            .where('item_id', 'in', ids)
            .returning(['id', 'player_id'])
            .execute();
          for (const show of flagged) await events.record(trx, 'scheduling.show.flagged', { id: show.id, player_id: show.player_id, reason }, null);
          if (flagged.length) logger.warn({ shows: flagged.map((s) => s.id), reason }, 'Shows flagged: their media is gone');
        });
        events.kick();
      },
      { durable: 'scheduling-media-items', deliverFrom: 'all' },
    );

    // A deleted user's per-user settings go with them (their entries stay, owned by the id).
    const followUsers = await bus.subscribe(
      'account.user.deleted',
      async ({ data }) => {
        const id = (data as { payload?: { id?: number } }).payload?.id;
        if (Number.isInteger(id)) await db.deleteFrom('last_player').where('user_id', '=', id!).execute();
      },
      { durable: 'scheduling-account-users', deliverFrom: 'all' },
    );

    return {
      async stop() {
        await followUsers.unsubscribe();
        await follow.unsubscribe();
        await Promise.all(subscriptions.map((s) => s.unsubscribe()));
      },
    };
  },
};


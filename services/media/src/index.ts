// The media service: uploads (registered by the gateway's file plugin), items, formats,
// properties, archive, search and saved searches, and the internal questions other services ask.
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  AirwaveError,
  badRequest,
  forbidden,
  media,
  mediaFiles,
  mediaInternal,
  mediaVersions,
  conflict,
  notFound,
  type MediaItemInput,
  type Principal,
} from '@airwave/contracts';
import { bindHealth, bindOperation, type ServiceDefinition } from '@airwave/service-kit';
import { createLocalStorage } from '@airwave/storage';
import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import { join } from 'node:path';
import { canEdit, filterExpression, parseFilters, usesTrigramIndex, visibleTo, wordsExpression } from './filters';
import { mediaMigrations, searchTextOf, type MediaDB, type MediaSchema } from './schema';
import { runSearch } from './search';

export { mediaHttpPlugin } from './http';
export { mediaFileRoutes } from './file-routes';

const PROPERTIES_MAX_BYTES = 16 * 1024;
const HISTORY_LIMIT = 20;
const advancedFields = ['permitted_users', 'permitted_groups'] as const;
const sortColumns = { artist: 'artist', album: 'album', title: 'title', year: 'year', category_name: 'category', genre_name: 'genre', country_name: 'country', language_name: 'language', duration: 'duration', updated: 'updated' } as const;

type Row = Selectable<MediaSchema['items']>;
type EB = ExpressionBuilder<MediaSchema, 'items'>;

/** Every write to an item bumps its version (lost-update protection, see PUT /media). */
const nextVersion = sql<number>`version + 1`;

export const mediaService: ServiceDefinition = {
  name: 'media',
  schema: 'media',
  migrations: mediaMigrations,
  async start({ db: anyDb, database, bus, logger, env, events }) {
    const db = anyDb as MediaDB;
    const storage = createLocalStorage(join(env.DATA_DIR || './data', 'media'));

    const out = (row: Row, principal: Principal) => ({
      id: row.id,
      owner_id: row.owner_id,
      title: row.title,
      artist: row.artist,
      album: row.album,
      year: row.year,
      category: row.category,
      genre: row.genre,
      country: row.country,
      language: row.language,
      comments: row.comments,
      is_copyright_owner: row.is_copyright_owner,
      status: row.status as 'public' | 'private' | 'visible',
      is_approved: row.is_approved,
      is_archived: row.is_archived,
      dynamic_select: row.dynamic_select,
      permitted_users: row.permitted_users,
      permitted_groups: row.permitted_groups,
      type: row.type as 'audio' | 'video' | 'image' | 'document',
      format: row.format,
      duration: row.duration === null ? null : Number(row.duration),
      size: Number(row.size),
      created: row.created.toISOString(),
      updated: row.updated.toISOString(),
      version: row.version,
      can_edit: canEdit(principal, row),
    });

    const versionOut = (v: Selectable<MediaSchema['versions']>) => ({
      media_id: v.media_id,
      created: Number(v.created),
      notes: v.notes,
      format: v.format,
      duration: v.duration === null ? null : Number(v.duration),
      size: Number(v.size),
      active: v.active,
    });

    /** The version-management check: you may edit the item and hold manage_media or create_own_media. */
    async function assertVersionRights(mediaId: number, principal: Principal) {
      const row = await loadVisible(mediaId, principal);
      const holds = principal.permissions.includes('manage_media') || principal.permissions.includes('create_own_media');
      if (!holds || !canEdit(principal, row)) throw forbidden(`You may not manage the versions of media item ${mediaId}.`);
    }

    const formats = async () => (await db.selectFrom('settings').select('value').where('name', '=', 'formats').executeTakeFirstOrThrow()).value as Record<string, string[]>;

    async function loadVisible(id: number, principal: Principal): Promise<Row> {
      const row = await db.selectFrom('items').selectAll().where('id', '=', id).where((eb) => visibleTo(eb, principal)).executeTakeFirst();
      if (!row) throw notFound(`No media item ${id}.`);
      return row;
    }

    const hash = (key: string) => createHash('sha256').update(key).digest();

    /** PUT /media: validate every item first, then write all of them in one transaction or none. */
    async function save(items: MediaItemInput[], principal: Principal) {
      const perms = principal.permissions;
      if (!perms.includes('create_own_media') && !perms.includes('manage_media')) throw forbidden('Saving media needs create_own_media or manage_media.', { permission: 'create_own_media' });
      return db.transaction().execute(async (trx) => {
        const problems: { index: number; message: string; permission?: boolean; stale?: boolean }[] = [];
        // Lock every existing item of the batch at once, in id order, so that concurrent batches
        // (and archive or delete) touching the same items queue up instead of deadlocking.
        const editIds = [...new Set(items.flatMap((i) => (i.id ? [i.id] : [])))].sort((a, b) => a - b);
        const locked = new Map((editIds.length ? await trx.selectFrom('items').selectAll().where('id', 'in', editIds).orderBy('id').forUpdate().execute() : []).map((r) => [r.id, r]));
        const plans: ({ kind: 'new'; item: MediaItemInput; upload: Selectable<MediaSchema['uploads']> } | { kind: 'edit'; item: MediaItemInput; row: Row })[] = [];
        for (const [index, item] of items.entries()) {
          if (advancedFields.some((f) => item[f] !== undefined) && !perms.includes('media_advanced_permissions')) {
            problems.push({ index, message: 'changing permitted users or groups needs media_advanced_permissions', permission: true });
            continue;
          }
          if (item.id) {
            const row = locked.get(item.id);
            if (!row) problems.push({ index, message: `no media item ${item.id}` });
            else if (!canEdit(principal, row)) problems.push({ index, message: `you may not edit media item ${item.id}`, permission: true });
            else if (item.version !== undefined && item.version !== row.version) problems.push({ index, message: `media item ${item.id} changed since you read it (your version ${item.version}, now ${row.version})`, stale: true });
            else plans.push({ kind: 'edit', item, row });
          } else {
            if (!item.file_id || !item.file_key) {
              problems.push({ index, message: 'a new item needs file_id and file_key from an upload' });
              continue;
            }
            if (!item.title) {
              problems.push({ index, message: 'title is required' });
              continue;
            }
            const upload = await trx.selectFrom('uploads').selectAll().where('file_id', '=', item.file_id).forUpdate().executeTakeFirst();
            const keyOk = upload !== undefined && timingSafeEqual(hash(item.file_key), Buffer.from(upload.key_hash, 'hex'));
            if (!upload || !keyOk) problems.push({ index, message: 'unknown upload or wrong file_key' });
            else if (upload.claimed || plans.some((p) => p.kind === 'new' && p.upload.file_id === upload.file_id)) problems.push({ index, message: 'this upload is already used by a media item' });
            else plans.push({ kind: 'new', item, upload });
          }
        }
        const denied = problems.find((p) => p.permission);
        if (denied) throw forbidden(`Nothing saved: item ${denied.index}: ${denied.message}`, { items: problems });
        // 403 before 400 before 409: a stale version only matters once the batch is otherwise valid.
        const invalid = problems.find((p) => !p.stale);
        if (invalid) throw badRequest(`Nothing saved: item ${invalid.index}: ${invalid.message}`, { items: problems });
        if (problems.length) throw conflict(`Nothing saved: item ${problems[0]!.index}: ${problems[0]!.message}`, { items: problems });
        const saved: { id: number }[] = [];
        for (const plan of plans) {
          const { id: _id, file_id: _f, file_key: _k, version: _v, is_approved, ...fields } = plan.item;
          const approved = perms.includes('manage_media') ? is_approved : undefined;
          const base = Object.fromEntries(Object.entries({ ...fields, ...(approved !== undefined ? { is_approved: approved } : {}) }).filter(([, v]) => v !== undefined));
          if (plan.kind === 'new') {
            const values = {
              owner_id: principal.userId,
              title: fields.title!,
              type: plan.upload.type,
              format: plan.upload.format,
              duration: plan.upload.duration,
              size: Number(plan.upload.size),
              file_id: plan.upload.file_id,
              // New items of a user without manage_media wait for approval.
              is_approved: perms.includes('manage_media') ? (is_approved ?? true) : false,
              ...base,
            };
            const row = await trx
              .insertInto('items')
              .values({ ...values, search_text: searchTextOf(values), permitted_users: (base.permitted_users as number[] | undefined) ?? [], permitted_groups: (base.permitted_groups as number[] | undefined) ?? [] } as never)
              .returning('id')
              .executeTakeFirstOrThrow();
            await trx.updateTable('uploads').set({ claimed: true }).where('file_id', '=', plan.upload.file_id).execute();
            await trx
              .insertInto('versions')
              .values({ media_id: row.id, created: Math.floor(Date.now() / 1000), notes: '', file_id: plan.upload.file_id, format: plan.upload.format, duration: plan.upload.duration, size: Number(plan.upload.size), active: true })
              .execute();
            await events.record(trx, 'media.item.saved', { id: row.id, created: true }, principal);
            saved.push({ id: row.id });
          } else {
            const merged = { ...plan.row, ...base };
            await trx
              .updateTable('items')
              .set({ ...base, search_text: searchTextOf(merged), updated: new Date(), version: nextVersion } as never)
              .where('id', '=', plan.row.id)
              .execute();
            await events.record(trx, 'media.item.saved', { id: plan.row.id, created: false }, principal);
            saved.push({ id: plan.row.id });
          }
        }
        return saved;
      });
    }

    async function setArchived(ids: number[], archived: boolean, principal: Principal) {
      await db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('items').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
        const missing = ids.filter((id) => !rows.some((r) => r.id === id));
        if (missing.length) throw notFound(`No media item ${missing.join(', ')}.`, { ids: missing });
        await trx.updateTable('items').set({ is_archived: archived, updated: new Date(), version: nextVersion }).where('id', 'in', ids).execute();
        await events.record(trx, archived ? 'media.item.archived' : 'media.item.unarchived', { ids }, principal);
      });
      events.kick();
    }

    const subscriptions = await Promise.all([
      bindHealth(bus, 'media', database),
      bindOperation(bus, mediaFiles.registerUpload, async (input, { principal }) => {
        const accepted = (await formats())[`${input.type}_formats`] ?? [];
        if (!accepted.includes(input.format)) return { accepted: false, reason: `${input.format} is not an accepted ${input.type} format (accepted: ${accepted.join(', ') || 'none'})` };
        await db
          .insertInto('uploads')
          .values({ file_id: input.file_id, owner_id: principal.userId, key_hash: input.key_hash, size: input.size, type: input.type, format: input.format, duration: input.duration, tags: JSON.stringify(input.tags), claimed: false })
          .execute();
        return { accepted: true, reason: null };
      }),
      bindOperation(bus, mediaFiles.locate, async ({ id, created }, { principal }) => {
        const row = await loadVisible(id, principal);
        if (created === undefined) return { file_id: row.file_id, format: row.format, type: row.type as 'audio', title: row.title };
        const version = await db.selectFrom('versions').selectAll().where('media_id', '=', id).where('created', '=', created).executeTakeFirst();
        if (!version) throw notFound(`No version ${created} of media item ${id}.`);
        return { file_id: version.file_id, format: version.format, type: row.type as 'audio', title: row.title };
      }),
      bindOperation(bus, mediaVersions.list, async ({ id }, { principal }) => {
        const row = await loadVisible(id, principal);
        const versions = await db.selectFrom('versions').selectAll().where('media_id', '=', id).orderBy('created').execute();
        return { versions: versions.map(versionOut), media: out(row, principal) };
      }),
      bindOperation(bus, mediaVersions.add, async ({ media_id, file_id, file_key, notes }, { principal }) => {
        await assertVersionRights(media_id, principal);
        const version = await db.transaction().execute(async (trx) => {
          const upload = await trx.selectFrom('uploads').selectAll().where('file_id', '=', file_id).forUpdate().executeTakeFirst();
          if (!upload || !timingSafeEqual(hash(file_key), Buffer.from(upload.key_hash, 'hex'))) throw badRequest('Unknown upload or wrong file_key.');
          if (upload.claimed) throw badRequest('This upload is already used.');
          const item = await trx.selectFrom('items').select('type').where('id', '=', media_id).executeTakeFirstOrThrow();
          if (upload.type !== item.type) throw badRequest(`A version must be ${item.type} like the item, not ${upload.type}.`);
          const last = await trx.selectFrom('versions').select((eb) => eb.fn.max('created').as('created')).where('media_id', '=', media_id).executeTakeFirst();
          const created = Math.max(Math.floor(Date.now() / 1000), Number(last?.created ?? 0) + 1);
          await trx.updateTable('uploads').set({ claimed: true }).where('file_id', '=', file_id).execute();
          return trx
            .insertInto('versions')
            .values({ media_id, created, notes, file_id, format: upload.format, duration: upload.duration, size: Number(upload.size), active: false })
            .returningAll()
            .executeTakeFirstOrThrow();
        });
        return versionOut(version);
      }),
      bindOperation(bus, mediaVersions.edit, async ({ media_id, created, notes }, { principal }) => {
        await assertVersionRights(media_id, principal);
        const version = await db.updateTable('versions').set({ notes }).where('media_id', '=', media_id).where('created', '=', created).returningAll().executeTakeFirst();
        if (!version) throw notFound(`No version ${created} of media item ${media_id}.`);
        return versionOut(version);
      }),
      bindOperation(bus, mediaVersions.remove, async ({ media_id, created }, { principal }) => {
        await assertVersionRights(media_id, principal);
        const file = await db.transaction().execute(async (trx) => {
          const version = await trx.selectFrom('versions').selectAll().where('media_id', '=', media_id).where('created', '=', created).forUpdate().executeTakeFirst();
          if (!version) throw notFound(`No version ${created} of media item ${media_id}.`);
          if (version.active) throw conflict('The active version cannot be deleted; activate another version first.');
          await trx.deleteFrom('versions').where('media_id', '=', media_id).where('created', '=', created).execute();
          return version.file_id;
        });
        await storage.delete(file).catch(() => undefined);
        return null;
      }),
      bindOperation(bus, mediaVersions.activate, async ({ media_id, created }, { principal }) => {
        await assertVersionRights(media_id, principal);
        const version = await db.transaction().execute(async (trx) => {
          // The item first, as save, archive and delete lock it, so that they queue instead of deadlocking.
          const item = await trx.selectFrom('items').select('id').where('id', '=', media_id).forUpdate().executeTakeFirst();
          if (!item) throw notFound(`No media item ${media_id}.`);
          const chosen = await trx.selectFrom('versions').selectAll().where('media_id', '=', media_id).where('created', '=', created).forUpdate().executeTakeFirst();
          if (!chosen) throw notFound(`No version ${created} of media item ${media_id}.`);
          await trx.updateTable('versions').set({ active: false }).where('media_id', '=', media_id).execute();
          await trx.updateTable('versions').set({ active: true }).where('media_id', '=', media_id).where('created', '=', created).execute();
          await trx
            .updateTable('items')
            .set({ file_id: chosen.file_id, format: chosen.format, duration: chosen.duration, size: Number(chosen.size), updated: new Date(), version: nextVersion })
            .where('id', '=', media_id)
            .execute();
          await events.record(trx, 'media.item.saved', { id: media_id, created: false }, principal);
          return { ...chosen, active: true };
        });
        events.kick();
        return versionOut(version);
      }),
      bindOperation(bus, media.save, async ({ media: items }, { principal }) => {
        const saved = await save(items, principal);
        events.kick();
        return saved;
      }),
      bindOperation(bus, media.get, async ({ id }, { principal }) => out(await loadVisible(id, principal), principal)),
      bindOperation(bus, media.propertiesGet, async ({ id }, { principal }) => (await loadVisible(id, principal)).properties ?? {}),
      bindOperation(bus, media.propertiesSet, async ({ id, properties }, { principal }) => {
        const row = await loadVisible(id, principal);
        if (!canEdit(principal, row)) throw forbidden(`You may not edit media item ${id}.`);
        const json = JSON.stringify(properties);
        if (Buffer.byteLength(json) > PROPERTIES_MAX_BYTES) throw new AirwaveError('payload_too_large', `Properties may be at most ${PROPERTIES_MAX_BYTES} bytes of JSON.`);
        await db.updateTable('items').set({ properties: json, updated: new Date(), version: nextVersion }).where('id', '=', id).execute();
        return null;
      }),
      bindOperation(bus, media.formatsGet, async () => (await formats()) as never),
      bindOperation(bus, media.formatsSet, async (input) => {
        await db.updateTable('settings').set({ value: JSON.stringify(input) }).where('name', '=', 'formats').execute();
        return input;
      }),
      bindOperation(bus, media.archive, async ({ id }, { principal }) => {
        await setArchived(id, true, principal);
        return null;
      }),
      bindOperation(bus, media.unarchive, async ({ id }, { principal }) => {
        await setArchived(id, false, principal);
        return null;
      }),
      bindOperation(bus, media.delete, async ({ id: ids }, { principal, trace }) => {
        const files = await db.transaction().execute(async (trx) => {
          const rows = await trx.selectFrom('items').select(['id', 'is_archived', 'is_approved', 'file_id']).where('id', 'in', ids).orderBy('id').forUpdate().execute();
          const missing = ids.filter((id) => !rows.some((r) => r.id === id));
          if (missing.length) throw notFound(`No media item ${missing.join(', ')}.`, { ids: missing });
          const live = rows.filter((r) => !r.is_archived && r.is_approved).map((r) => r.id);
          if (live.length) throw badRequest(`Only archived or unapproved items can be deleted; not: ${live.join(', ')}. Nothing was deleted.`, { ids: live });
          await trx.deleteFrom('items').where('id', 'in', ids).execute();
          await events.record(trx, 'media.item.deleted', { ids }, principal);
          return rows.map((r) => r.file_id);
        });
        events.kick();
        // Files go after the commit: a failed transaction never loses a file.
        for (const file of files) await storage.delete(file).catch((error: unknown) => logger.warn({ ...trace, err: error, file }, 'Could not remove a media file'));
        return null;
      }),
      bindOperation(bus, media.search, async (input, { principal }) => {
        const manage = principal.permissions.includes('manage_media');
        const conditions: ((eb: EB) => Expression<SqlBool>)[] = [(eb) => visibleTo(eb, principal)];
        if (input.s !== 'approved' && !manage) conditions.push((eb) => eb('owner_id', '=', principal.userId));
        if (input.my) conditions.push((eb) => eb('owner_id', '=', principal.userId));
        let trigram = false;
        if (input.q.mode === 'simple') {
          const words = input.q.string;
          trigram = usesTrigramIndex(words);
          conditions.push((eb) => wordsExpression(eb, words) ?? sql<SqlBool>`true`);
          const defaults = await db.selectFrom('searches').select('filters').where('user_id', '=', principal.userId).where('is_default', '=', true).execute();
          for (const d of defaults) {
            const filters = parseFilters(d.filters);
            conditions.push((eb) => eb.and(filters.map((f) => filterExpression(eb, f))));
          }
        } else {
          const filters = input.q.filters;
          // Validates the filters (a 400) before anything is stored.
          filters.forEach((f) => filterExpression(expressionBuilder<MediaSchema, 'items'>(), f));
          trigram = filters.some((f) => (f.op === 'contains' || f.op === 'has') && usesTrigramIndex(String(f.val)));
          conditions.push((eb) => eb.and(filters.map((f) => filterExpression(eb, f))));
          if (input.save_history) {
            await db.transaction().execute(async (trx) => {
              await trx.insertInto('searches').values({ user_id: principal.userId, kind: 'history', filters: JSON.stringify(filters), description: '', is_default: false }).execute();
              const old = await trx.selectFrom('searches').select('id').where('user_id', '=', principal.userId).where('kind', '=', 'history').orderBy('id', 'desc').offset(HISTORY_LIMIT).limit(1000).execute();
              if (old.length) await trx.deleteFrom('searches').where('id', 'in', old.map((o) => o.id)).execute();
            });
          }
        }
        const result = await runSearch(db, {
          archived: input.s === 'archived',
          ...(input.s === 'archived' ? {} : { approved: input.s === 'approved' }),
          match: (eb) => eb.and(conditions.map((c) => c(eb))),
          trigram,
          column: sortColumns[input.sort_by],
          dir: input.sort_dir,
          limit: input.l,
          offset: input.o,
        });
        return { num_results: result.count, num_results_exact: result.exact, media: result.rows.map((r) => out(r, principal)) };
      }),
      bindOperation(bus, media.searches, async (_input, { principal }) => {
        const rows = await db.selectFrom('searches').selectAll().where('user_id', '=', principal.userId).orderBy('id', 'desc').execute();
        const record = (r: (typeof rows)[number]) => ({ id: r.id, filters: r.filters, description: r.description, default: r.is_default, created: r.created.toISOString() });
        return { saved: rows.filter((r) => r.kind === 'saved').map(record), history: rows.filter((r) => r.kind === 'history').map(record) };
      }),
      bindOperation(bus, media.searchSave, async ({ id }, { principal }) => {
        const r = await db.updateTable('searches').set({ kind: 'saved' }).where('id', '=', id).where('user_id', '=', principal.userId).where('kind', '=', 'history').executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) throw notFound('No such search in your history.');
        return null;
      }),
      bindOperation(bus, media.searchDefault, async ({ id }, { principal }) => {
        const r = await db.updateTable('searches').set({ is_default: true }).where('id', '=', id).where('user_id', '=', principal.userId).where('kind', '=', 'saved').executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) throw notFound('No such saved search.');
        return null;
      }),
      bindOperation(bus, media.searchUndefault, async ({ id }, { principal }) => {
        const r = await db.updateTable('searches').set({ is_default: false }).where('id', '=', id).where('user_id', '=', principal.userId).executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) throw notFound('No such saved search.');
        return null;
      }),
      bindOperation(bus, media.searchEdit, async ({ id, filters, description }, { principal }) => {
        const r = await db.updateTable('searches').set({ filters: JSON.stringify(filters), description }).where('id', '=', id).where('user_id', '=', principal.userId).where('kind', '=', 'saved').executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) throw notFound('No such saved search.');
        return null;
      }),
      bindOperation(bus, media.searchDelete, async ({ id }, { principal }) => {
        const r = await db.deleteFrom('searches').where('id', '=', id).where('user_id', '=', principal.userId).executeTakeFirst();
        if (Number(r.numDeletedRows) === 0) throw notFound('No such saved search.');
        return null;
      }),
      bindOperation(bus, mediaInternal.summaries, async ({ ids }) => {
        if (ids.length === 0) return [];
        const rows = await db.selectFrom('items').select(['id', 'title', 'artist', 'duration', 'owner_id', 'is_approved', 'is_archived']).where('id', 'in', ids).execute();
        return rows.map((r) => ({ ...r, duration: r.duration === null ? null : Number(r.duration), has_thumbnail: false }));
      }),
      bindOperation(bus, mediaInternal.matches, async ({ id, filters }) => {
        const parsed = parseFilters(filters);
        const exists = await db.selectFrom('items').select('id').where('id', '=', id).executeTakeFirst();
        if (!exists) return { exists: false, matches: false };
        if (parsed.length === 0) return { exists: true, matches: true };
        const hit = await db
          .selectFrom('items')
          .select('id')
          .where('id', '=', id)
          .where((eb) => eb.and(parsed.map((f) => filterExpression(eb, f))))
          .executeTakeFirst();
        return { exists: true, matches: Boolean(hit) };
      }),
    ]);

    // Uploads that no item claimed within a day are removed with their files.
    const sweep = setInterval(() => {
      void (async () => {
        const stale = await db.deleteFrom('uploads').where('claimed', '=', false).where('created', '<', new Date(Date.now() - 86_400_000)).returning('file_id').execute();
        for (const { file_id } of stale) await storage.delete(file_id).catch(() => undefined);
        if (stale.length) logger.info({ count: stale.length }, 'Removed unclaimed uploads');
      })().catch((error: unknown) => logger.warn({ err: error }, 'Upload sweep failed'));
    }, 3_600_000);
    sweep.unref();

    return {
      async stop() {
        clearInterval(sweep);
        await Promise.all(subscriptions.map((s) => s.unsubscribe()));
      },
    };
  },
};

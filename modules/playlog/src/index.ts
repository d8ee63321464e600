// Play log: players report each item they aired; the log answers what aired where and when.
import { defineOperation } from '@airwave/contracts';
import { bindOperation, defineModule } from '@airwave/service-kit';
import { sql, type Generated, type Kysely } from 'kysely';
import { z } from 'zod';

interface PlaylogSchema {
  plays: {
    id: Generated<number>;
    player_id: number;
    media_id: number | null;
    title: string;
    artist: string;
    started_at: Date;
    duration: number;
    reported_by: number;
  };
}

const Time = z.union([z.iso.datetime({ offset: true }), z.coerce.number().int().min(0).max(4_102_444_800)]).transform((v) => (typeof v === 'number' ? new Date(v * 1000) : new Date(v)));
const Play = z.object({
  id: z.number().int(),
  player_id: z.number().int(),
  media_id: z.number().int().nullable(),
  title: z.string(),
  artist: z.string(),
  started_at: z.string(),
  duration: z.number(),
});
const tag = 'Module: playlog';

export const playlogOperations = {
  report: defineOperation({
    subject: 'module.playlog.report',
    input: z.object({
      player_id: z.coerce.number().int().positive(),
      media_id: z.coerce.number().int().positive().nullable().default(null),
      title: z.string().trim().min(1).max(500),
      artist: z.string().trim().max(500).default(''),
      started_at: Time,
      duration: z.coerce.number().min(0).max(86_400),
    }),
    output: Play,
    auth: 'user',
    permission: 'playlog_report',
    http: { method: 'POST', path: '/playlog/entries', summary: 'Report a play', tag },
    successMessage: 'Play logged.',
  }),
  search: defineOperation({
    subject: 'module.playlog.search',
    input: z
      .object({ player_id: z.coerce.number().int().positive().optional(), start: Time, end: Time, limit: z.coerce.number().int().min(1).max(1000).default(200) })
      .refine((v) => v.end > v.start, { message: 'must be after start', path: ['end'] })
      .refine((v) => v.end.getTime() - v.start.getTime() <= 366 * 86_400_000, { message: 'window is at most 366 days', path: ['end'] }),
    output: z.array(Play),
    auth: 'user',
    permission: 'playlog_view',
    http: { method: 'GET', path: '/playlog/entries', summary: 'Plays in a time window (optionally for one player)', tag },
  }),
};

export default defineModule({
  migrations: {
    '0001_plays': {
      async up(db) {
        await db.schema
          .createTable('plays')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('player_id', 'integer', (c) => c.notNull())
          .addColumn('media_id', 'integer')
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('artist', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('started_at', 'timestamptz', (c) => c.notNull())
          .addColumn('duration', 'double precision', (c) => c.notNull())
          .addColumn('reported_by', 'integer', (c) => c.notNull())
          .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
        await db.schema.createIndex('plays_player_time_idx').on('plays').columns(['player_id', 'started_at']).execute();
      },
    },
  },
  operations: playlogOperations,
  async bind({ db: anyDb, bus }) {
    const db = anyDb as Kysely<PlaylogSchema>;
    const out = (row: { id: number; player_id: number; media_id: number | null; title: string; artist: string; started_at: Date; duration: number }) => ({
      id: row.id,
      player_id: row.player_id,
      media_id: row.media_id,
      title: row.title,
      artist: row.artist,
      started_at: row.started_at.toISOString(),
      duration: Number(row.duration),
    });
    return Promise.all([
      bindOperation(bus, playlogOperations.report, async (input, { principal }) =>
        out(await db.insertInto('plays').values({ ...input, reported_by: principal.userId }).returningAll().executeTakeFirstOrThrow()),
      ),
      bindOperation(bus, playlogOperations.search, async ({ player_id, start, end, limit }) => {
        let query = db.selectFrom('plays').selectAll().where('started_at', '>=', start).where('started_at', '<', end);
        if (player_id) query = query.where('player_id', '=', player_id);
        return (await query.orderBy('started_at').limit(limit).execute()).map(out);
      }),
    ]);
  },
});

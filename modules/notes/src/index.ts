// Station notes: a tiny module that shows the whole module contract (manifest, migrations in its own
// schema, operations with routes under /api/v2/notes, bus handlers, a permission of its own).
import { Id, Nothing, defineOperation, forbidden, hasPermission, notFound } from '@airwave/contracts';
import { bindOperation, defineModule } from '@airwave/service-kit';
import { sql, type Generated, type Kysely } from 'kysely';
import { z } from 'zod';

interface NotesSchema {
  notes: { id: Generated<number>; author_id: number; author: string; text: string; created: Generated<Date> };
}

const Note = z.object({ id: z.number().int(), author_id: z.number().int(), author: z.string(), text: z.string(), created: z.string() });
const tag = 'Module: notes';

export const notesOperations = {
  list: defineOperation({
    subject: 'module.notes.list',
    input: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
    output: z.array(Note),
    auth: 'user',
    http: { method: 'GET', path: '/notes', summary: 'Latest station notes', tag },
  }),
  create: defineOperation({
    subject: 'module.notes.create',
    input: z.object({ text: z.string().trim().min(1).max(2000) }),
    output: Note,
    auth: 'user',
    permission: 'notes_write',
    http: { method: 'POST', path: '/notes', summary: 'Write a station note', tag },
    successMessage: 'Note saved.',
  }),
  delete: defineOperation({
    subject: 'module.notes.delete',
    input: z.object({ id: Id }),
    output: Nothing,
    auth: 'user',
    permission: 'notes_write',
    http: { method: 'DELETE', path: '/notes/:id', summary: 'Delete a station note (own notes, or any with manage_users)', tag },
    successMessage: 'Note deleted.',
  }),
};

const toNote = (row: { id: number; author_id: number; author: string; text: string; created: Date }) => ({ ...row, created: row.created.toISOString() });

export default defineModule({
  migrations: {
    '0001_notes': {
      async up(db) {
        await db.schema
          .createTable('notes')
          .addColumn('id', 'serial', (c) => c.primaryKey())
          .addColumn('author_id', 'integer', (c) => c.notNull())
          .addColumn('author', 'text', (c) => c.notNull())
          .addColumn('text', 'text', (c) => c.notNull())
          .addColumn('created', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
          .execute();
      },
    },
  },
  operations: notesOperations,
  async bind({ db: anyDb, bus }) {
    const db = anyDb as Kysely<NotesSchema>;
    return Promise.all([
      bindOperation(bus, notesOperations.list, async ({ limit }) =>
        (await db.selectFrom('notes').selectAll().orderBy('id', 'desc').limit(limit).execute()).map(toNote),
      ),
      bindOperation(bus, notesOperations.create, async ({ text }, { principal }) =>
        toNote(
          await db
            .insertInto('notes')
            .values({ author_id: principal.userId, author: principal.username, text })
            .returningAll()
            .executeTakeFirstOrThrow(),
        ),
      ),
      bindOperation(bus, notesOperations.delete, async ({ id }, { principal }) => {
        const note = await db.selectFrom('notes').select('author_id').where('id', '=', id).executeTakeFirst();
        if (!note) throw notFound('No such note.');
        if (note.author_id !== principal.userId && !hasPermission(principal, 'manage_users')) throw forbidden('Only the author may delete this note.');
        await db.deleteFrom('notes').where('id', '=', id).execute();
        return null;
      }),
    ]);
  },
});

import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { AnyDB, Database } from './open';

/** One migration of a service: it receives a handle bound to the service's schema. */
export interface SchemaMigration {
  up(db: AnyDB, schema: string): Promise<void>;
  down?(db: AnyDB, schema: string): Promise<void>;
}

export class MigrationError extends Error {
  constructor(schema: string, name: string | undefined, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Migration ${name ?? '(unknown)'} of schema "${schema}" failed: ${reason}`);
    this.name = 'MigrationError';
  }
}

const schemaName = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Runs `migrations` (ordered by name) inside Postgres schema `schema`, recording them in
 * `<schema>.kysely_migration`. Safe to run from several processes at once (Kysely takes a lock).
 * Returns the names of the migrations applied by this call.
 */
export async function migrateSchema(
  db: Database,
  schema: string,
  migrations: Record<string, SchemaMigration>,
): Promise<string[]> {
  if (!schemaName.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db.root);
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(migrations).map(([name, m]): [string, Migration] => [
          name,
          {
            // Kysely hands each migration the migrator's transaction: use it, so that a migration
            // is atomic and (on PGlite's single connection) never waits on itself.
            up: (trx) => m.up(trx.withSchema(schema), schema),
            ...(m.down ? { down: (trx) => m.down!(trx.withSchema(schema), schema) } : {}),
          },
        ]),
      ),
  };
  const migrator = new Migrator({
    db: db.root,
    provider,
    migrationTableSchema: schema,
    // Shared migrations (the outbox) are added to every service under their own names.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new MigrationError(schema, failed?.migrationName, error);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Drops a schema and everything in it (module purge, tests). */
export async function dropSchema(db: Database, schema: string): Promise<void> {
  if (!schemaName.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db.root);
}

import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { socketWithConnectLimit } from './connect-limit';
import { withDeadlines } from './deadline-dialect';
import { DEFAULT_MAX_WAITING, withQueueBound } from './queue-bound';

// Every database handle is untyped at this level; services type their own schema.
export type AnyDB = Kysely<any>;

export interface DatabaseOptions {
  /** postgres:// URL of a real server. */
  url?: string;
  /** Directory for an embedded PGlite database (created if missing). */
  dataDir?: string;
  /** Embedded PGlite in memory (tests). */
  memory?: boolean;
  /** Pool size for pg (default 10). */
  poolSize?: number;
  /** How long a TCP connection to the server may take to open (pg only; default 1000 ms). */
  tcpConnectTimeoutMs?: number;
  /** Told of every connection the server ended or broke (pg only; for a log line). */
  onConnectionError?: (error: Error) => void;
}

export interface Database {
  /** The root handle; services use `forSchema(name)` instead. */
  root: AnyDB;
  kind: 'postgres' | 'pglite';
  /** A handle whose unqualified table names resolve in `schema`. */
  forSchema(schema: string): AnyDB;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Connection pool figures (pg only) for metrics. */
  poolStats(): { total: number; idle: number; waiting: number };
}

export class DatabaseUnreachableError extends Error {
  constructor(url: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Cannot reach PostgreSQL at ${redactUrl(url)}: ${reason || 'connection refused'}`);
    this.name = 'DatabaseUnreachableError';
  }
}

/** Hides the password of a connection URL in messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
}

// pg returns int8 (count(*), bigserial) as strings; our ids fit in a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options);
  return openPglite(options.memory ? undefined : options.dataDir ?? './data/pglite');
}

/** A TCP connection that opens at all opens in milliseconds on a station's network. */
export const DEFAULT_TCP_CONNECT_TIMEOUT_MS = 1000;

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const onConnectionError = options.onConnectionError ?? (() => undefined);
  // Two limits: the TCP connection's own (an address nobody answers, as while PostgreSQL's
  // container is away, would otherwise hold a slot of the pool for seconds and the queries after
  // its return behind it: connect-limit.ts), and the whole connect with its authentication (5 s).
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
    stream: socketWithConnectLimit(options.tcpConnectTimeoutMs ?? DEFAULT_TCP_CONNECT_TIMEOUT_MS),
  });
  // A client that loses its server emits 'error'. The pool listens only while the client is idle
  // (and then drops it); a client checked out for a query or a transaction had no listener, so a
  // terminated backend threw an uncaught 'error' and ended the process. The query on it fails on
  // its own (a transient error, 503 at the edge) and the pool drops the client when it comes back
  // unqueryable, so the listener only has to exist.
  // Every client's own listener says it (once); the pool's repeats idle clients' errors.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
  });
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseUnreachableError(url, error);
  }
  const root: AnyDB = new Kysely({ dialect: withDeadlines(new PostgresDialect({ pool }), true) });
  return {
    root,
    kind: 'postgres',
    forSchema: (schema) => root.withSchema(schema),
    ping: async () => {
      await sql`select 1`.execute(root);
    },
    close: () => root.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { unaccent }, { btree_gist }, { PGliteDialect }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('kysely-pglite-dialect'),
  ]);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ? { dataDir, extensions: { pg_trgm, unaccent, btree_gist } } : { extensions: { pg_trgm, unaccent, btree_gist } });
  // PGlite runs a statement to its end in this thread; statement_timeout would not interrupt it.
  // Its queue bounded (queue-bound.ts): a 503 to retry rather than seconds of waiting.
  const maxWaiting = Number(process.env.AIRWAVE_DB_QUEUE ?? DEFAULT_MAX_WAITING);
  const root: AnyDB = new Kysely({ dialect: withDeadlines(withQueueBound(new PGliteDialect(client), maxWaiting > 0 ? maxWaiting : DEFAULT_MAX_WAITING), false) });
  return {
    root,
    kind: 'pglite',
    forSchema: (schema) => root.withSchema(schema),
    ping: async () => {
      await sql`select 1`.execute(root);
    },
    close: async () => {
      await root.destroy();
      if (!client.closed) await client.close();
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
  };
}

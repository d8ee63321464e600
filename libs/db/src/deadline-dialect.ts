// A Kysely dialect that keeps the current deadline (deadline.ts) around the real one's driver.
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { commitKnowingOutcome } from './commit-outcome';
import { timeLeft } from './deadline';

/** A connection that refuses to start a statement outside a transaction once the deadline passed. */
class DeadlineConnection implements DatabaseConnection {
  inTransaction = false;
  /** COMMIT was sent: a rollback after it is moot, and must not hide COMMIT's own error. */
  committing = false;
  constructor(readonly inner: DatabaseConnection) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.inTransaction) timeLeft('statement');
    return this.inner.executeQuery<R>(query);
  }
  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

const innerOf = (connection: DatabaseConnection) => (connection as DeadlineConnection).inner;

class DeadlineDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly server: boolean,
  ) {}
  init = () => this.inner.init();
  destroy = () => this.inner.destroy();
  async acquireConnection(): Promise<DatabaseConnection> {
    return new DeadlineConnection(await this.inner.acquireConnection());
  }
  releaseConnection = (connection: DatabaseConnection) => this.inner.releaseConnection(innerOf(connection));

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const before = timeLeft('start');
    // A plain transaction on a server starts with its statement timeout in one round trip (both
    // statements in one simple query); one with settings as Kysely begins it, then the timeout.
    if (before !== undefined && this.server && settings.isolationLevel === undefined && settings.accessMode === undefined) {
      await innerOf(connection).executeQuery(CompiledQuery.raw(`begin; set local statement_timeout = ${Math.max(1, Math.floor(before))}`));
      (connection as DeadlineConnection).inTransaction = true;
      return;
    }
    await this.inner.beginTransaction(innerOf(connection), settings);
    try {
      const left = timeLeft('start');
      // No statement of the transaction may run past the deadline (PostgreSQL cancels it: 57014).
      if (left !== undefined && this.server) {
        await innerOf(connection).executeQuery(CompiledQuery.raw(`set local statement_timeout = ${Math.max(1, Math.floor(left))}`));
      }
    } catch (error) {
      // Kysely rolls back only a transaction whose begin succeeded.
      await this.inner.rollbackTransaction(innerOf(connection)).catch(() => undefined);
      throw error;
    }
    (connection as DeadlineConnection).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // The last moment to decide: past it, the caller gets no reply it could trust, so nothing commits
    // (throwing here makes Kysely roll the transaction back).
    const left = timeLeft('commit');
    const inner = innerOf(connection);
    (connection as DeadlineConnection).committing = true;
    // A request's write (it has a deadline) must not answer 503 for a change that committed; work in
    // the background (the outbox relay) has nobody to answer and skips the extra round trip.
    if (this.server && left !== undefined) await commitKnowingOutcome(this.inner, inner, () => this.inner.commitTransaction(inner));
    else await this.inner.commitTransaction(inner);
    Object.assign(connection as DeadlineConnection, { inTransaction: false, committing: false });
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const deadlined = connection as DeadlineConnection;
    deadlined.inTransaction = false;
    const afterCommit = deadlined.committing;
    deadlined.committing = false;
    // Kysely rolls back after a failed COMMIT and would throw the rollback's error (a dead connection) instead of COMMIT's.
    if (afterCommit) await this.inner.rollbackTransaction(innerOf(connection)).catch(() => undefined);
    else await this.inner.rollbackTransaction(innerOf(connection));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint!(innerOf(connection), name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint!(innerOf(connection), name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint!(innerOf(connection), name, compile);
  }
}

/**
 * `dialect` with deadlines kept. `server`: a PostgreSQL server, which enforces statement_timeout and
 * can say what became of a transaction whose COMMIT lost its connection (commit-outcome.ts); false
 * for PGlite, in this process.
 */
export function withDeadlines(dialect: Dialect, server: boolean): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new DeadlineDriver(dialect.createDriver(), server),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

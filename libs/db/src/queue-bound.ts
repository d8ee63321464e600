// The embedded database's queue, bounded. PGlite runs one statement at a time in this process: past
// a few dozen statements waiting, a new one would wait seconds. It is refused at once instead, as
// a database at its connection limit refuses (SQLSTATE 53300, a transient failure: the edge answers
// 503 with Retry-After, transient.ts), so that clients back off rather than time out.
import type { DatabaseConnection, Dialect, Driver } from 'kysely';

/** Statements and transactions waiting for the embedded database, at most (AIRWAVE_DB_QUEUE). */
// 256, not a few dozen: one request of a batch (a day's dynamic picks, a gap's default blocks) sends
// dozens of statements at once, and a bound of 32 refused such a request on an idle server
// (docs/decisions/media-search-speed.md). A station wanting earlier 503s sets AIRWAVE_DB_QUEUE lower.
export const DEFAULT_MAX_WAITING = 256;

export class DatabaseBusyError extends Error {
  readonly code = '53300';
  constructor(waiting: number) {
    super(`The database is busy (${waiting} statements waiting): try again shortly.`);
  }
}

class BoundedDriver implements Driver {
  private waiting = 0;
  constructor(
    private readonly inner: Driver,
    private readonly maxWaiting: number,
  ) {}
  init = () => this.inner.init();
  destroy = () => this.inner.destroy();
  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.waiting >= this.maxWaiting) throw new DatabaseBusyError(this.waiting);
    this.waiting += 1;
    try {
      return await this.inner.acquireConnection();
    } finally {
      this.waiting -= 1;
    }
  }
  releaseConnection = (connection: DatabaseConnection) => this.inner.releaseConnection(connection);
  beginTransaction: Driver['beginTransaction'] = (connection, settings) => this.inner.beginTransaction(connection, settings);
  commitTransaction: Driver['commitTransaction'] = (connection) => this.inner.commitTransaction(connection);
  rollbackTransaction: Driver['rollbackTransaction'] = (connection) => this.inner.rollbackTransaction(connection);
  savepoint: NonNullable<Driver['savepoint']> = (connection, name, compile) => this.inner.savepoint!(connection, name, compile);
  rollbackToSavepoint: NonNullable<Driver['rollbackToSavepoint']> = (connection, name, compile) => this.inner.rollbackToSavepoint!(connection, name, compile);
  releaseSavepoint: NonNullable<Driver['releaseSavepoint']> = (connection, name, compile) => this.inner.releaseSavepoint!(connection, name, compile);
}

/** `dialect` whose single connection has at most `maxWaiting` acquisitions waiting for it. */
export function withQueueBound(dialect: Dialect, maxWaiting: number): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new BoundedDriver(dialect.createDriver(), maxWaiting),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

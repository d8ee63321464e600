// A COMMIT that fails because its connection broke may have committed all the same: PostgreSQL
// finishes a commit it has begun before it acts on pg_terminate_backend or a shutdown, and only the
// reply is lost (the fault suite's write load met it: 1 write of 134 answered 503 and applied, with
// 30 terminations). The service would answer 503 for a change that is there, breaking the promise of
// docs/reliability.md ("Deadlines"). So on PostgreSQL the driver learns the transaction's id just
// before COMMIT (none for a transaction that wrote nothing) and, when COMMIT fails, asks the server
// on another connection what became of it: committed, and the commit succeeded; aborted, and the
// error stands; not known by the deadline (the server still unreachable), and the caller is told
// just that (CommitOutcomeUnknownError): the one case where a failed write may have been made.
import { CompiledQuery, type DatabaseConnection, type Driver } from 'kysely';
import { currentDeadline } from './deadline';

/** How long to keep asking without a deadline (with one: until it). */
const OUTCOME_WAIT_MS = 2000;
const RETRY_MS = 100;

export type CommitOutcome = 'committed' | 'aborted' | 'unknown';

/** COMMIT lost its connection and PostgreSQL could not say in time whether it committed. */
export class CommitOutcomeUnknownError extends Error {
  readonly code = 'COMMIT_OUTCOME_UNKNOWN';
  constructor(cause: unknown) {
    super('The connection to the database was lost during COMMIT, and whether it committed could not be learnt in time.', { cause });
    this.name = 'CommitOutcomeUnknownError';
  }
}

export const isCommitOutcomeUnknown = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'COMMIT_OUTCOME_UNKNOWN';

/** Runs `commit` on `connection`; if it fails, answers normally when the transaction did commit. */
export async function commitKnowingOutcome(driver: Driver, connection: DatabaseConnection, commit: () => Promise<void>): Promise<void> {
  const xid = await transactionId(connection);
  try {
    await commit();
  } catch (error) {
    if (xid === null) throw error;
    const outcome = await transactionOutcome(driver, xid);
    if (outcome === 'unknown') throw new CommitOutcomeUnknownError(error);
    if (outcome === 'aborted') throw error;
  }
}

/** The transaction's id, or null when it has none (it wrote nothing). */
async function transactionId(connection: DatabaseConnection): Promise<string | null> {
  const result = await connection.executeQuery<{ xid: string | null }>(CompiledQuery.raw('select pg_current_xact_id_if_assigned()::text as xid'));
  return result.rows[0]?.xid ?? null;
}

/** What became of transaction `xid`, asked on another connection until it is known or time is up. */
export async function transactionOutcome(driver: Driver, xid: string): Promise<CommitOutcome> {
  const until = currentDeadline() ?? Date.now() + OUTCOME_WAIT_MS;
  for (;;) {
    const status = await askStatus(driver, xid).catch(() => null);
    if (status === 'committed' || status === 'aborted') return status;
    // Still in progress (the server is finishing it), or the server cannot be asked yet.
    if (Date.now() + RETRY_MS > until) return 'unknown';
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

async function askStatus(driver: Driver, xid: string): Promise<string | null> {
  const connection = await driver.acquireConnection();
  try {
    const result = await connection.executeQuery<{ status: string | null }>(CompiledQuery.raw('select pg_xact_status($1::xid8) as status', [xid]));
    return result.rows[0]?.status ?? null;
  } finally {
    await driver.releaseConnection(connection);
  }
}

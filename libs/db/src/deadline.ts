// A request's deadline, applied by the database driver: a transaction begun under a deadline gets a
// `statement_timeout` of the time left (SET LOCAL), a transaction commits only while its deadline
// has not passed (else it rolls back), and a statement outside a transaction does not start after
// it. So a write either commits before its deadline or not at all, whatever its handler does.
//
// The deadline is found through an AsyncLocalStorage set by the service edge (bindOperation) around
// a handler: 52 transactions in the services would otherwise each need it passed by hand. On Node 24
// an AsyncLocalStorage is an AsyncContextFrame (no promise hooks); the cost that made the logs' trace
// context explicit (docs/architecture.md, "Logs") was that of promise hooks on Node 22.
import { AsyncLocalStorage } from 'node:async_hooks';

const deadlines = new AsyncLocalStorage<number>();

/** A deadline passed: the work was not started, or its transaction was rolled back instead of committed. */
export class DeadlinePassedError extends Error {
  readonly code = 'DEADLINE_PASSED';
  constructor(readonly stage: 'start' | 'statement' | 'commit') {
    super(
      stage === 'commit'
        ? 'The deadline passed before the transaction could commit; it was rolled back.'
        : 'The deadline passed before the work started; nothing was done.',
    );
    this.name = 'DeadlinePassedError';
  }
}

/** Runs `work` under a deadline (epoch milliseconds) that its database work must keep. */
export function runWithDeadline<T>(deadline: number, work: () => T): T {
  return deadlines.run(deadline, work);
}

/** Runs `work` with no deadline: background work a request starts (the outbox relay) is not the request's. */
export function runWithoutDeadline<T>(work: () => T): T {
  return deadlines.exit(work);
}

/** The deadline of the work running now, if any. */
export function currentDeadline(): number | undefined {
  return deadlines.getStore();
}

/** Milliseconds left before the current deadline (undefined without one); throws once it has passed. */
export function timeLeft(stage: DeadlinePassedError['stage']): number | undefined {
  const deadline = deadlines.getStore();
  if (deadline === undefined) return undefined;
  const left = deadline - Date.now();
  if (left <= 0) throw new DeadlinePassedError(stage);
  return left;
}

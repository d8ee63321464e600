// Which database failures are the database's state rather than the request's fault: connection
// loss, a server starting or shutting down, too many connections, timeouts, serialization failures
// and deadlocks. The service edge answers them 503 with Retry-After, never 500: the same request
// may succeed when retried.

/** SQLSTATE classes and codes that a retry may get past (PostgreSQL, appendix A). */
const transientClasses = ['08', '53', '58'];
const transientCodes = new Set(['40001', '40P01', '55P03', '57014', '57P01', '57P02', '57P03', '25P03']);
/** Node's socket errors on the way to the server. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNABORTED']);
/** pg, pg-pool, Kysely and PGlite report these without a code. */
const transientMessages = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /connection (?:error|ended|closed)/i,
  /query read timeout/i,
  /pglite is closed/i,
  /driver has already been destroyed/i,
];

export function isTransientDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (socketCodes.has(code) || transientCodes.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code)) return transientClasses.includes(code.slice(0, 2));
  }
  if (transientMessages.some((pattern) => pattern.test(error.message))) return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isTransientDatabaseError(cause);
}

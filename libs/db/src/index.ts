// One Kysely factory for real Postgres (pg) and embedded PGlite, and a migrator that keeps each
// service's tables in its own Postgres schema.
export * from './open';
export * from './migrate';
export { sql } from 'kysely';
export type { Kysely, Transaction } from 'kysely';
export * from './testing';
export * from './transient';
export * from './deadline';
export { CommitOutcomeUnknownError, isCommitOutcomeUnknown } from './commit-outcome';
export * from './embedded-template';

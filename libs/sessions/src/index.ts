// Sessions: a random 256-bit key given to the client once, stored only as its SHA-256 hash, with an
// expiry that slides forward on every use. The gateway reads this store directly on every request
// (no bus hop); the account service writes sessions and the cached principal of each user. The
// store also keeps the login throttle's buckets and short-lived values (two-factor tickets).
export * from './types';
export * from './throttle';
export * from './memory';
export * from './redis';

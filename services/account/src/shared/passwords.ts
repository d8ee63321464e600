// User passwords are hashed by the shared scrypt hasher (@airwave/service-kit), which the scheduling
// service uses for player passwords too: one library, one set of parameters.
export { dummyHash, hashPassword, verifyPassword } from '@airwave/service-kit';

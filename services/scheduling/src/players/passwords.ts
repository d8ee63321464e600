// Player passwords: hashed like users' (scrypt, @airwave/service-kit), checked on every request
// of a player's sync. OB Player syncs several times a minute, always with the same password, and
// one scrypt check costs tens of milliseconds of CPU; so once a password has matched a stored
// hash, a keyed HMAC of it is remembered with that hash, and the same password against the same
// hash is accepted without scrypt. A wrong password always pays the full scrypt check, and a new
// hash (the password changed) matches nothing remembered; a player without a password is refused
// after a check against a dummy hash (docs/decisions/players.md, "Passwords").
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { dummyHash, hashPassword, verifyPassword } from '@airwave/service-kit';

export { hashPassword as hashPlayerPassword };

/** At most this many players' checks are remembered (the oldest goes first). */
const REMEMBERED = 10_000;

export class PlayerPasswordChecker {
  readonly #key = randomBytes(32);
  readonly #matched = new Map<number, { hash: string; digest: Buffer }>();
  /** How many checks ran scrypt (for tests and measurements). */
  slowChecks = 0;

  async matches(playerId: number, password: string, storedHash: string | null): Promise<boolean> {
    if (storedHash === null) {
      // No password set: refused after the same scrypt work, so timing does not tell which players have one.
      this.slowChecks += 1;
      await verifyPassword(password, await dummyHash());
      return false;
    }
    const digest = createHmac('sha256', this.#key).update(password.normalize('NFKC')).digest();
    const known = this.#matched.get(playerId);
    if (known && known.hash === storedHash && timingSafeEqual(known.digest, digest)) return true;
    this.slowChecks += 1;
    if (!(await verifyPassword(password, storedHash))) return false;
    this.#matched.delete(playerId);
    if (this.#matched.size >= REMEMBERED) this.#matched.delete(this.#matched.keys().next().value!);
    this.#matched.set(playerId, { hash: storedHash, digest });
    return true;
  }
}

// The station's salt for listeners' addresses (issue 46): 32 random bytes made once, kept in the
// database sealed by the service's encryption key (so the hashes and the salt are never together in
// the clear: a copy of the database alone cannot try addresses against them), read once a process.
import { randomBytes } from 'node:crypto';
import { AirwaveError } from '@airwave/contracts';
import type { SchedulingContext } from '../context';

const CONTEXT = 'listener-salt';
let cached: { db: unknown; salt: Promise<Uint8Array> } | undefined;

async function load({ db, secrets }: SchedulingContext): Promise<Uint8Array> {
  if (!secrets) throw new AirwaveError('unavailable', 'Listener counting needs AIRWAVE_ENCRYPTION_KEY on the scheduling service (it seals the salt of listeners’ addresses).');
  await db.insertInto('listener_salt').values({ id: 1, sealed: secrets.seal(randomBytes(32).toString('base64'), CONTEXT) }).onConflict((oc) => oc.column('id').doNothing()).execute();
  const row = await db.selectFrom('listener_salt').select('sealed').where('id', '=', 1).executeTakeFirstOrThrow();
  return Buffer.from(secrets.open(row.sealed, CONTEXT), 'base64');
}

export function stationSalt(context: SchedulingContext): Promise<Uint8Array> {
  if (cached?.db !== context.db) {
    const salt = load(context);
    salt.catch(() => (cached = undefined));
    cached = { db: context.db, salt };
  }
  return cached.salt;
}

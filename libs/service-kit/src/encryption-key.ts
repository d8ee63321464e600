// Where the key sealing secrets at rest comes from (two-factor secrets in the account service,
// webhook signing secrets in the modules service): AIRWAVE_ENCRYPTION_KEY; in the embedded default
// without it, a key generated once into DATA_DIR/encryption.key (mode 0600) with a warning, as the
// admin password gets one; without either, what needs it is unavailable and a warning says why.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { optionalChecked } from '@airwave/config';
import type { Logger } from '@airwave/logging';
import { keyringProblem, newKey, parseKeyring, secretBox, type SecretBox } from './secret-box';

export const KEY_FILE = 'encryption.key';

/** AIRWAVE_ENCRYPTION_KEY, as the account and modules services read it. */
export const encryptionKeyConfig = optionalChecked(keyringProblem)
    .describe(
    'Key encrypting secrets kept at rest (two-factor secrets, webhook signing secrets, Icecast source passwords of players): 32 random bytes in base64 (`openssl rand -base64 32`), the same on the account, modules and scheduling services; while rotating, several separated by commas (the first encrypts, all decrypt). Unset: the embedded default generates one into DATA_DIR/encryption.key (with a warning); separate services then offer no two-factor sign-in, no webhooks and no source passwords for players aired by Airwave.',
  );

/** The embedded default's key file: read, or written once (another process may win the race). */
async function embeddedKey(dataDir: string): Promise<{ ring: string; created: boolean }> {
  const file = join(dataDir, KEY_FILE);
  await mkdir(dataDir, { recursive: true });
  const created = await writeFile(file, `${newKey().toString('base64')}\n`, { mode: 0o600, flag: 'wx' }).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return false;
      throw error;
    },
  );
  return { ring: (await readFile(file, 'utf8')).trim(), created };
}

export interface SecretBoxOptions {
  configured: string | undefined;
  embedded: boolean;
  dataDir: string;
  /** What the key seals, for the warnings ("two-factor secrets"). */
  sealing: string;
  /** What happens without a key ("two-factor sign-in is unavailable"). */
  without: string;
}

export async function loadSecretBox(options: SecretBoxOptions, logger: Pick<Logger, 'warn'>): Promise<SecretBox | null> {
  if (options.configured) return secretBox(parseKeyring(options.configured));
  if (!options.embedded) {
    logger.warn({}, `AIRWAVE_ENCRYPTION_KEY is not set: ${options.without}.`);
    return null;
  }
  const { ring, created } = await embeddedKey(options.dataDir);
  const problem = keyringProblem(ring);
  if (problem) throw new Error(`${join(options.dataDir, KEY_FILE)}: ${problem}`);
  logger.warn(
    { file: join(options.dataDir, KEY_FILE) },
    `AIRWAVE_ENCRYPTION_KEY is not set: ${options.sealing} are sealed with a key ${created ? 'generated into' : 'read from'} DATA_DIR/${KEY_FILE}. Keep that file with the data, or set AIRWAVE_ENCRYPTION_KEY.`,
  );
  return secretBox(parseKeyring(ring));
}

// Where the key sealing two-factor secrets comes from: AIRWAVE_ENCRYPTION_KEY; in the embedded
// default without it, a key generated once into DATA_DIR/encryption.key (mode 0600) with a warning,
// as the admin password gets one; without either, two-factor sign-in is unavailable (enrolling
// answers 503) and a warning says why.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '@airwave/logging';
import { keyringProblem, newKey, parseKeyring, secretBox, type SecretBox } from './secret-box';

export const KEY_FILE = 'encryption.key';

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

export async function loadSecretBox(
  options: { configured: string | undefined; embedded: boolean; dataDir: string },
  logger: Pick<Logger, 'warn'>,
): Promise<SecretBox | null> {
  if (options.configured) return secretBox(parseKeyring(options.configured));
  if (!options.embedded) {
    logger.warn({}, 'AIRWAVE_ENCRYPTION_KEY is not set: two-factor sign-in is unavailable (set it on the account service).');
    return null;
  }
  const { ring, created } = await embeddedKey(options.dataDir);
  const problem = keyringProblem(ring);
  if (problem) throw new Error(`${join(options.dataDir, KEY_FILE)}: ${problem}`);
  logger.warn(
    { file: join(options.dataDir, KEY_FILE) },
    `AIRWAVE_ENCRYPTION_KEY is not set: two-factor secrets are sealed with a key ${created ? 'generated into' : 'read from'} DATA_DIR/${KEY_FILE}. Keep that file with the data (without it two-factor users need their recovery codes), or set AIRWAVE_ENCRYPTION_KEY.`,
  );
  return secretBox(parseKeyring(ring));
}

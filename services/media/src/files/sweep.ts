// Uploads that no item claimed within a day are removed with their files.
import type { MediaContext } from '../context';
import { deleteUnclaimedUploads } from './queries';

const SWEEP_EVERY_MS = 3_600_000;
const UNCLAIMED_FOR_MS = 86_400_000;

/** Starts the hourly sweep (it never keeps the process alive); `stop` ends it. */
export function sweepUnclaimedUploads({ db, storage, logger }: MediaContext): { stop(): void } {
  const sweep = setInterval(() => {
    void (async () => {
      const stale = await deleteUnclaimedUploads(db, new Date(Date.now() - UNCLAIMED_FOR_MS));
      for (const fileId of stale) await storage.delete(fileId).catch(() => undefined);
      if (stale.length) logger.info({ count: stale.length }, 'Removed unclaimed uploads');
    })().catch((error: unknown) => logger.warn({ err: error }, 'Upload sweep failed'));
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return { stop: () => clearInterval(sweep) };
}

// The library's older files measured in the background (issue 41): every item and version whose
// duration still comes from its file's header, items first (what airs), in id order. So that the
// service's answers do not suffer, one file at a time (behind uploads in the measurer's queue), at
// a lower CPU priority, resting after each decode as long as it took: half a core at most, also
// where the pod's CPU limit is one core. The marker column is the queue, so a restart resumes
// where it stopped; a pass runs soon after start and then every hour, for whatever a pass could
// not finish. Progress is logged every 30 s while a pass runs.
import { setTimeout as sleep } from 'node:timers/promises';
import type { MediaContext } from '../context';
import { NO_PASSES, runInPasses, type Passes } from '../shared/passes';
import { applyMeasurement, countQueued, queuedItems, queuedVersions, type QueuedFile } from './queries';

const BATCH = 50;
const PROGRESS_EVERY_MS = 30_000;

interface Progress {
  waiting: number;
  measured: number;
  changed: number;
  undecodable: number;
  started: number;
  logged: number;
}

export type LibraryMeasuring = Passes;

/** The queued files in batches: the items' first, then the versions'. */
async function* batches(context: MediaContext): AsyncGenerator<QueuedFile[]> {
  for (let afterId = 0; ; ) {
    const batch = await queuedItems(context.db, afterId, BATCH);
    if (batch.length === 0) break;
    yield batch;
    afterId = batch.at(-1)!.id;
  }
  for (let after: [number, number] = [0, 0]; ; ) {
    const batch = await queuedVersions(context.db, after, BATCH);
    if (batch.length === 0) break;
    yield batch;
    after = batch.at(-1)!.key;
  }
}

function progressLine(progress: Progress) {
  const minutes = (Date.now() - progress.started) / 60_000;
  const { waiting, measured, changed, undecodable } = progress;
  return { waiting, measured, changed, undecodable, per_minute: Math.round(measured / Math.max(minutes, 1 / 60)) };
}

/** Decodes one file and stores what it measured (nothing when the measurer is stopping). */
async function measureFile(context: MediaContext, file: QueuedFile, progress: Progress): Promise<void> {
  const path = context.storage.localPath(file.fileId);
  const measurement = path ? await context.durations.measure(path, file.duration, 'backfill') : null;
  if (!measurement) return;
  const changed = await applyMeasurement(context.db, context.events, file.fileId, measurement);
  if (changed.length > 0) context.events.kick();
  progress.measured += 1;
  progress.changed += changed.length;
  context.durationMetrics.waiting(Math.max(0, progress.waiting - progress.measured));
  if (measurement.kind === 'undecodable') progress.undecodable += 1;
  if (Date.now() - progress.logged >= PROGRESS_EVERY_MS) {
    progress.logged = Date.now();
    context.logger.info(progressLine(progress), 'Measuring the library’s durations');
  }
}

/** One pass over the queue; ends early when `stop` aborts, or at the first failure (ffmpeg or the database). */
export async function runPass(context: MediaContext, stop: AbortSignal): Promise<void> {
  const waiting = await countQueued(context.db);
  context.durationMetrics.waiting(waiting);
  if (waiting === 0) return;
  const progress: Progress = { waiting, measured: 0, changed: 0, undecodable: 0, started: Date.now(), logged: Date.now() };
  context.logger.info({ waiting }, 'Measuring the decoded length of the library’s files whose length came from their headers');
  for await (const batch of batches(context)) {
    for (const file of batch) {
      if (stop.aborted) return;
      const started = performance.now();
      await measureFile(context, file, progress);
      await sleep(performance.now() - started, undefined, { signal: stop }).catch(() => undefined);
    }
  }
  context.logger.info(progressLine(progress), 'Measured the library’s durations');
  context.durationMetrics.waiting(await countQueued(context.db));
}

/** Starts the background measuring (nothing without ffmpeg); `stop` ends it, leaving the rest queued. */
export function measureLibrary(context: MediaContext, options: { firstPassAfterMs?: number; everyMs?: number } = {}): LibraryMeasuring {
  if (!context.durations.ffmpeg) return NO_PASSES;
  return runInPasses((stop) => runPass(context, stop), {
    firstPassAfterMs: options.firstPassAfterMs ?? 1000,
    everyMs: options.everyMs ?? 3_600_000,
    logger: context.logger,
    failure: 'Measuring the library’s durations stopped; the next pass takes up the rest',
  });
}

// The library's audio analysed in the background (issue 44): every audio item whose file has no
// analysis yet, newest first (a new upload within a minute), one file at a time, at a lower CPU
// priority, resting after each analysis as long as it took (half a core at most). The analyses
// table is the queue, so a restart carries on where it stopped. Progress is logged every 30 s while
// a pass runs; a file that cannot be decoded is stored as such, with ffmpeg's reason, and not tried
// again; one past its time limit the same.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MediaContext } from '../context';
import { NO_PASSES, runInPasses, type Passes } from '../shared/passes';
import { analyse } from './measure';
import { countWaiting, storeAnalysis, waitingItems, type WaitingFile } from './queries';

const BATCH = 50;
const PROGRESS_EVERY_MS = 30_000;

/** `kick`: a file is new, a pass now (or once the one running ends). */
export type LibraryAnalysis = Passes;

/** How long one analysis may take: at least 20× real time (ffmpeg does some 100×), never under 30 s; an hour assumed when unknown. */
export const analysisTimeLimitMs = (seconds: number | null) => Math.round(30_000 + (seconds ?? 3600) * 50);

async function analyseFile(context: MediaContext, ffmpeg: string, file: WaitingFile, stop: AbortSignal): Promise<'analysed' | 'undecodable' | null> {
  const path = context.storage.localPath(file.fileId);
  if (!path) return null;
  const analysis = await analyse(ffmpeg, path, { timeoutMs: analysisTimeLimitMs(file.duration), nice: 10, signal: stop }).catch((error: unknown) => {
    if (stop.aborted) return null;
    throw error;
  });
  if (!analysis) return null;
  const announced = await storeAnalysis(context.db, context.events, file.fileId, analysis);
  if (announced.length > 0) context.events.kick();
  if (analysis.kind === 'undecodable') context.logger.info({ mediaId: file.id, reason: analysis.reason }, 'A file could not be analysed: it airs as it is');
  return analysis.kind;
}

/** One pass over what waits; ends early when `stop` aborts, or at the first failure (ffmpeg or the database). */
export async function runAnalysisPass(context: MediaContext, ffmpeg: string, stop: AbortSignal): Promise<void> {
  const waiting = await countWaiting(context.db);
  if (waiting === 0) return;
  const progress = { waiting, analysed: 0, undecodable: 0, started: Date.now(), logged: Date.now() };
  context.logger.info({ waiting }, 'Analysing the loudness and cue points of the library’s audio');
  let before: number | null = null;
  for (;;) {
    const batch = await waitingItems(context.db, before, BATCH);
    if (batch.length === 0) break;
    for (const file of batch) {
      if (stop.aborted) return;
      const started = performance.now();
      const result = await analyseFile(context, ffmpeg, file, stop);
      if (result === 'analysed') progress.analysed += 1;
      if (result === 'undecodable') progress.undecodable += 1;
      if (Date.now() - progress.logged >= PROGRESS_EVERY_MS) {
        progress.logged = Date.now();
        context.logger.info({ waiting: progress.waiting - progress.analysed - progress.undecodable, analysed: progress.analysed, undecodable: progress.undecodable }, 'Analysing the library’s audio');
      }
      await sleep(performance.now() - started, undefined, { signal: stop }).catch(() => undefined);
    }
    before = batch.at(-1)!.id;
  }
  context.logger.info({ analysed: progress.analysed, undecodable: progress.undecodable, seconds: Math.round((Date.now() - progress.started) / 1000) }, 'Analysed the library’s audio');
}

/** Starts the background analysis (nothing without ffmpeg): a pass soon after start, then every `everyMs` (a minute). */
export function analyseLibrary(context: MediaContext, options: { enabled?: boolean; firstPassAfterMs?: number; everyMs?: number } = {}): LibraryAnalysis {
  const ffmpeg = context.durations.ffmpeg;
  if (!ffmpeg || options.enabled === false) return NO_PASSES;
  return runInPasses((stop) => runAnalysisPass(context, ffmpeg, stop), {
    firstPassAfterMs: options.firstPassAfterMs ?? 2000,
    everyMs: options.everyMs ?? 60_000,
    logger: context.logger,
    failure: 'Analysing the library’s audio stopped; the next pass takes up the rest',
  });
}

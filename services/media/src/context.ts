// What every area of the media service works with: its schema, the bus, the outbox, the log, the
// store of media files and the measurer of their durations.
import type { Bus } from '@airwave/bus';
import type { Logger } from '@airwave/logging';
import type { ServiceDeps, ServiceEvents } from '@airwave/service-kit';
import { createLocalStorage, type Storage } from '@airwave/storage';
import { join } from 'node:path';
import { readMediaEnv } from './config';
import { createMeasurer, ffmpegOf, type DurationMeasurer } from './durations/measurer';
import { durationMetrics, type DurationMetrics } from './durations/metrics';
import type { MediaDB } from './schema';

export interface MediaContext {
  /** The handle bound to the media schema. */
  db: MediaDB;
  bus: Bus;
  logger: Logger;
  /** The service's outbox: record inside the transaction, kick after the commit. */
  events: ServiceEvents;
  /** Media files under DATA_DIR/media. */
  storage: Storage;
  /** Decodes files with ffmpeg to measure their length (durations/). */
  durations: DurationMeasurer;
  /** The measuring's figures at /metrics. */
  durationMetrics: DurationMetrics;
  /** How long an upload's registration waits for its decode: 40 % of the bus deadline. */
  uploadWaitMs: number;
  /** The background analysis (analysis/job.ts): `kick` when an item's file is new, so it is analysed now rather than at the next minute's pass. */
  analysis: { kick(): void };
}

export function createMediaContext({ db, bus, logger, env, events, metrics }: ServiceDeps): MediaContext {
  const settings = readMediaEnv(env);
  const figures = durationMetrics(metrics?.registry);
  return {
    db: db as MediaDB,
    bus,
    logger,
    events,
    storage: createLocalStorage(join(env.DATA_DIR || './data', 'media')),
    durations: createMeasurer(ffmpegOf(settings.FFMPEG_PATH), settings.MEDIA_DECODE_CONCURRENCY, figures),
    durationMetrics: figures,
    uploadWaitMs: Math.round(settings.REQUEST_TIMEOUT_MS * 0.4),
    analysis: { kick: () => undefined },
  };
}

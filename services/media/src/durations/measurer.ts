// Who measures durations: the ffmpeg found once at start, at most MEDIA_DECODE_CONCURRENCY decodes
// at a time, uploads ahead of the background measuring of older files, which runs at a lower CPU
// priority so that the service's answers (and the uploads' decodes) come first.
import { accessSync, constants } from 'node:fs';
import PQueue from 'p-queue';
import { findOnPath } from '../http/thumbnails';
import { measureDecoded, type Measurement } from './decode';
import type { DurationMetrics } from './metrics';

export type Work = 'upload' | 'backfill';

export interface DurationMeasurer {
  /** The ffmpeg used, or null: durations come from the containers only. */
  readonly ffmpeg: string | null;
  /** The file's decoded length; null when it was not measured (no ffmpeg, or stopping). */
  measure(path: string, containerSeconds: number | null, work: Work): Promise<Measurement | null>;
  /** Decodes waiting or running. */
  size(): number;
  /** Kills running decodes; waiting ones answer null (their files stay unmeasured). */
  stop(): void;
}

/**
 * How long a decode may take: ten times faster than real time at least (ffmpeg decodes an MP3 some
 * 450 times faster than real time on one core), and never less than 30 s; an hour is assumed when
 * the container says nothing.
 */
export function timeLimitMs(containerSeconds: number | null): number {
  return Math.round(30_000 + (containerSeconds ?? 3600) * 100);
}

/** The ffmpeg `FFMPEG_PATH` names (a path, or a name looked up on the PATH; unset: `ffmpeg`), or null: none, or not there. */
export function ffmpegOf(setting: string | undefined): string | null {
  if (setting === 'none') return null;
  if (!setting?.includes('/')) return findOnPath(setting ?? 'ffmpeg');
  try {
    accessSync(setting, constants.X_OK);
    return setting;
  } catch {
    return null;
  }
}

export function createMeasurer(ffmpeg: string | null, concurrency: number, metrics?: DurationMetrics): DurationMeasurer {
  const queue = new PQueue({ concurrency });
  const stopping = new AbortController();
  const { signal } = stopping;
  const decode = (path: string, containerSeconds: number | null, work: Work) =>
    measureDecoded(ffmpeg!, path, { timeoutMs: timeLimitMs(containerSeconds), nice: work === 'backfill' ? 10 : 0, signal }).catch((error: unknown) => {
      if (signal.aborted) return null;
      throw error;
    });
  return {
    ffmpeg,
    async measure(path, containerSeconds, work) {
      if (!ffmpeg || signal.aborted) return null;
      // Waiting decodes still run once stopped, as nothing: every caller hears back.
      const measured = await queue.add(async () => (signal.aborted ? null : decode(path, containerSeconds, work)), { priority: work === 'upload' ? 1 : 0 });
      if (measured) metrics?.measured(work, measured.kind);
      return measured ?? null;
    },
    size: () => queue.size + queue.pending,
    stop: () => stopping.abort(),
  };
}

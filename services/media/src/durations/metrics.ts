// The measuring's figures at the process's /metrics: files measured, by who asked (an upload, or
// the background measuring) and outcome, and the library's files still waiting for it.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Measurement } from './decode';

export interface DurationMetrics {
  measured(work: 'upload' | 'backfill', outcome: Measurement['kind']): void;
  waiting(files: number): void;
}

/** The metrics, registered in `registry`; without one, nothing is counted. */
export function durationMetrics(registry: Registry | undefined): DurationMetrics {
  if (!registry) return { measured: () => undefined, waiting: () => undefined };
  const measured = new Counter({
    name: 'airwave_media_durations_measured_total',
    help: 'Media files measured by decoding, by who asked (upload, backfill) and outcome (decoded, undecodable)',
    labelNames: ['work', 'outcome'],
    registers: [registry],
  });
  const waiting = new Gauge({
    name: 'airwave_media_durations_waiting',
    help: "Files of items and versions whose length still comes from their header (the background measuring's queue, as of its last pass)",
    registers: [registry],
  });
  return {
    measured: (work, outcome) => measured.inc({ work, outcome }),
    waiting: (files) => waiting.set(files),
  };
}

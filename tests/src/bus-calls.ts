// Counts the requests a running system makes on its buses (every service's connection, the
// gateway's included), by subject: what one reply asks of each service ("one reply asks each
// service once", issue 31). Events are not requests and are not counted.
import type { Bus } from '@airwave/bus';
import type { TestSystem } from './harness';

export interface BusCalls {
  /** The subjects asked since the last take (or since counting began), in the order asked; then starts afresh. */
  take(): string[];
}

/** Counts every request on the system's buses from now on (a wrapper on each bus's request methods). */
export function countBusCalls(system: TestSystem): BusCalls {
  let asked: string[] = [];
  const seen = new Set<Bus>();
  for (const { bus } of system.infrastructure) {
    if (seen.has(bus)) continue;
    seen.add(bus);
    const request = bus.request.bind(bus);
    const requestJson = bus.requestJson.bind(bus);
    Object.assign(bus, {
      request: (subject: string, ...rest: [unknown, Parameters<Bus['request']>[2]?]) => {
        asked.push(subject);
        return request(subject, ...rest);
      },
      requestJson: (subject: string, ...rest: [unknown, Parameters<Bus['requestJson']>[2]?]) => {
        asked.push(subject);
        return requestJson(subject, ...rest);
      },
    });
  }
  return {
    take() {
      const taken = asked;
      asked = [];
      return taken;
    },
  };
}

/** How many times each subject was asked. */
export function tally(subjects: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const subject of subjects) out[subject] = (out[subject] ?? 0) + 1;
  return out;
}

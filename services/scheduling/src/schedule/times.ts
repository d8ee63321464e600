// Times from requests made instants. The contracts (libs/contracts/src/times.ts) pass a local
// wall-clock time ("2026-03-29 01:30:00") through as a LocalTime, since the gateway knows no zones;
// here it is read in the player's zone, with the rule recurrence follows for every occurrence
// (docs/decisions/scheduling.md, "Times"): a time that happens twice is its first instance, one
// that does not happen moves forward by the gap, and a series given one keeps it (localStartOf).
import { badRequest, isLocalTime, windowProblem, type TimeValue } from '@airwave/contracts';
import { wallReadings, wallToInstant } from './recurrence';

/** The instant a time from a request means in a zone: instants as they are, local times read there. */
export function resolveTime(value: TimeValue, zone: string): number {
  return isLocalTime(value) ? wallToInstant(value.wall, zone) : value;
}

/** A wall-clock time (ms, the local time read as UTC) as "YYYY-MM-DD HH:MM:SS", and back. */
export const wallText = (wall: number) => new Date(wall).toISOString().slice(0, 19).replace('T', ' ');
export const wallFromText = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);

/**
 * The local time a series follows when its first start does not show it (docs/decisions/scheduling.md,
 * "Recurrence rules"): a `start` sent as a local time in the spring gap (`2026-03-29 01:30:00` in
 * London: the first occurrence airs at 02:30 BST, the others at 01:30). An edit that keeps the first
 * start (`kept`, the series as stored) keeps it. Null otherwise: the first start's own wall clock.
 */
export function localStartOf(sent: TimeValue, start: number, zone: string, kept?: { start: Date; local_start?: string | null | undefined }): string | null {
  if (isLocalTime(sent)) return wallReadings(sent.wall, zone) === 0 ? wallText(sent.wall) : null;
  const local = kept?.local_start;
  return local && kept.start.getTime() === start && wallToInstant(wallFromText(local), zone) === start ? local : null;
}

/** A 400 naming one field, in the shape validation errors have (`details.issues`). */
export const fieldError = (path: string, message: string) => badRequest(`Invalid input: ${path}: ${message}`, { issues: [{ path, message }] });

/** An entry as a request sent it: start and stop as the contract read them. */
export type Sent<T extends { start: number; stop?: number | null | undefined }> = Omit<T, 'start' | 'stop'> & {
  start: TimeValue;
  stop?: TimeValue | null | undefined;
};

/**
 * An entry with start and stop as instants, both read in its player's zone. The zone is looked up
 * only when one of them is a local time (`zoneOf` refuses an unknown player).
 */
export async function entryInstants<T extends { player_id: number; start: number; stop?: number | null | undefined }>(
  sent: Sent<T>,
  zoneOf: (playerId: number) => Promise<string>,
): Promise<T> {
  const { start, stop } = sent;
  if (!isLocalTime(start) && !isLocalTime(stop)) return sent as unknown as T;
  const zone = await zoneOf(sent.player_id);
  return { ...sent, start: resolveTime(start, zone), stop: stop === null || stop === undefined ? stop : resolveTime(stop, zone) } as unknown as T;
}

/**
 * A list's window as instants. Local times are read in the player's zone (the contract refuses them
 * without a player; `zoneOf` answers for an unknown player too, which has nothing to list), then
 * checked as the contract checks instants.
 */
export async function windowInstants(
  window: { start: TimeValue; end: TimeValue; player?: number | undefined },
  zoneOf: (playerId: number) => Promise<string>,
): Promise<{ from: number; to: number }> {
  const { start, end, player } = window;
  if (!isLocalTime(start) && !isLocalTime(end)) return { from: start, to: end };
  if (player === undefined) throw fieldError('player', 'is required when start or end is a local time');
  const zone = await zoneOf(player);
  const from = resolveTime(start, zone);
  const to = resolveTime(end, zone);
  const problem = windowProblem(from, to);
  if (problem) throw fieldError('end', `${problem} (in the player's zone, ${zone})`);
  return { from, to };
}

// Times in requests, in every form OpenBroadcaster's clients send them (docs/decisions/
// api-conventions.md, "Times"):
// - Unix seconds, a number or a string of digits (its schedule page lists windows that way);
// - ISO 8601 with an offset or Z: one instant, read as written;
// - a local wall-clock time "YYYY-MM-DD HH:MM:SS" (also with a T, and without seconds), as its
//   schedule forms write a start: a time in the player's zone.
// The gateway validates requests with these contracts but knows no zones, so a local time leaves
// the contract as a LocalTime (the reading itself), and the scheduling service resolves it in the
// player's zone with the rule recurrence uses (docs/decisions/scheduling.md, "Times").
import { z } from 'zod';

/** A wall-clock reading without an offset, not yet an instant: it needs a zone to become one. */
export interface LocalTime {
  readonly kind: 'local';
  /** The reading as if it were UTC, in ms ("wall milliseconds", as recurrence.ts counts). */
  readonly wall: number;
  /** The reading as "YYYY-MM-DD HH:MM:SS", for messages. */
  readonly text: string;
}

/** A time as a request gave it: an instant (ms since the epoch) or a local reading. */
export type TimeValue = number | LocalTime;

export const isLocalTime = (value: unknown): value is LocalTime =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'local';

/** The latest Unix seconds accepted: 2100-01-01T00:00:00Z (local readings stop at 2099 too). */
export const MAX_UNIX_SECONDS = 4_102_444_800;

const FORMS = 'Unix seconds, ISO 8601 with an offset, or a local time "YYYY-MM-DD HH:MM:SS" in the player\'s zone';
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DIGITS = /^\d{1,11}$/;
const isoWithOffset = z.iso.datetime({ offset: true });
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A local reading from its parts, or why it is not a real date and time. */
export function localTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): LocalTime | string {
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  const time = `${pad(hour)}:${pad(minute)}:${pad(second)}`;
  if (year < 1970 || year > 2099) return `${date}: the year must be 1970 to 2099`;
  if (month < 1 || month > 12) return `${date} is not a real date: there is no month ${month}`;
  // Day 0 of the next month is this month's last day.
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return `${date} is not a real date: ${MONTHS[month - 1]} ${year} has ${days} days`;
  if (hour > 23 || minute > 59 || second > 59) return `${time} is not a real time of day (00:00:00 to 23:59:59)`;
  return { kind: 'local', wall: Date.UTC(year, month - 1, day, hour, minute, second), text: `${date} ${time}` };
}

/** A time from a string in any of the accepted forms, or why it is none of them. */
export function readTime(text: string): TimeValue | string {
  if (DIGITS.test(text)) {
    const seconds = Number(text);
    return seconds <= MAX_UNIX_SECONDS ? seconds * 1000 : `Unix seconds must be at most ${MAX_UNIX_SECONDS} (the year 2100)`;
  }
  const local = LOCAL.exec(text);
  if (local) {
    const [year, month, day, hour, minute, second] = local.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
    return localTime(year, month, day, hour, minute, second);
  }
  if (isoWithOffset.safeParse(text).success) return Date.parse(text);
  return `must be ${FORMS}`;
}

const report = (value: TimeValue | string, ctx: z.RefinementCtx<unknown>): TimeValue => {
  if (typeof value !== 'string') return value;
  ctx.addIssue({ code: 'custom', message: value, input: ctx.value });
  return z.NEVER;
};

// Integers only, so that the OpenAPI document says "string or integer".
const timeInput = () => {
  const error = `must be ${FORMS}`;
  const seconds = z.number().int({ error }).min(0, { error: 'Unix seconds must not be negative' });
  return z.union([z.string(), seconds.max(MAX_UNIX_SECONDS, { error: `Unix seconds must be at most ${MAX_UNIX_SECONDS} (the year 2100)` })], { error });
};

const description =
  `A time: Unix seconds (a number or a string of digits), ISO 8601 with an offset ("2026-03-29T08:00:00+01:00"), ` +
  `or a local time in the player's zone ("2026-03-29 08:00:00"; also with T, or without seconds). ` +
  'A local time that happens twice (the repeated hour in autumn) is its first, earlier, instance; one that does not happen (the spring-forward gap) moves forward by the gap.';

/**
 * A time in a request: ms since the epoch, or a LocalTime for the service to read in the player's
 * zone (`resolveTime` in the scheduling service).
 */
export const Instant = timeInput()
  .transform((value, ctx): TimeValue => report(typeof value === 'number' ? value * 1000 : readTime(value), ctx))
  .describe(description);

/**
 * A series' `stop`: a time as Instant takes it, or a date alone ("2026-04-30", as OpenBroadcaster's
 * schedule form sends it), meaning that day is the last: through 23:59:59 local. "" or null: none.
 */
export const StopTime = timeInput()
  .transform((value, ctx): TimeValue | null => {
    if (value === '') return null;
    if (typeof value === 'number') return value * 1000;
    const date = DATE_ONLY.exec(value);
    return report(date ? localTime(Number(date[1]), Number(date[2]), Number(date[3]), 23, 59, 59) : readTime(value), ctx);
  })
  .describe(`${description} Also a date alone ("2026-04-30"): that day is the last one, through 23:59:59 local. Empty or null: none.`)
  .nullable()
  .optional();

export const MAX_WINDOW_DAYS = 366;

/** Why [start, end) is not a window a list may ask for, or null when it is one. */
export function windowProblem(start: number, end: number): string | null {
  return end > start && end - start <= MAX_WINDOW_DAYS * 86_400_000 ? null : `end must be after start, at most ${MAX_WINDOW_DAYS} days later`;
}

/**
 * The window of a list (start, end, player). Instants are checked here; local times only by the
 * service, once the player's zone has made them instants. Without a player a local time has no
 * zone (players differ), so it is refused rather than guessed.
 */
export function checkWindow(value: { start: TimeValue; end: TimeValue; player?: number | undefined }, ctx: z.RefinementCtx<unknown>): void {
  if (typeof value.start === 'number' && typeof value.end === 'number') {
    const problem = windowProblem(value.start, value.end);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['end'], input: value.end });
  } else if (value.player === undefined) {
    const local = (['start', 'end'] as const).filter((name) => isLocalTime(value[name])).join(' and ');
    ctx.addIssue({
      code: 'custom',
      path: ['player'],
      input: undefined,
      message: `is required when ${local} is a local time (it is read in the player's zone); or send ${local} with an offset, or as Unix seconds`,
    });
  }
}

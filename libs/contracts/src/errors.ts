// Typed errors: thrown by domains, carried across the bus as plain values, mapped once to HTTP.
import { z } from 'zod';

export const errorCodes = [
  'bad_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unprocessable',
  'rate_limited',
  'unavailable',
  'timeout',
  'internal',
] as const;
export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const httpStatusByCode: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
  timeout: 503,
  internal: 500,
};

/** The wire form of an error, as it crosses the bus and appears in the envelope's data. */
export const WireError = z.object({
  code: ErrorCode,
  message: z.string(),
  details: z.unknown().optional(),
});
export type WireError = z.infer<typeof WireError>;

// A brand shared by every copy of this class: a module's TypeScript, loaded beside a bundled
// process, has its own copy of the contracts, and its errors must still be recognised.
const brand = Symbol.for('airwave.error');

export class AirwaveError extends Error {
  readonly [brand] = true;
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AirwaveError';
    this.code = code;
    this.details = details;
  }

  toWire(): WireError {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }

  static fromWire(wire: WireError): AirwaveError {
    return new AirwaveError(wire.code, wire.message, wire.details);
  }

  static is(value: unknown, code?: ErrorCode): value is AirwaveError {
    const branded = value instanceof AirwaveError || (typeof value === 'object' && value !== null && (value as { [brand]?: unknown })[brand] === true);
    return branded && (code === undefined || (value as AirwaveError).code === code);
  }
}

export const badRequest = (message: string, details?: unknown) => new AirwaveError('bad_request', message, details);
export const unauthenticated = (message = 'Authentication required.') => new AirwaveError('unauthenticated', message);
export const forbidden = (message = 'Permission denied.', details?: unknown) => new AirwaveError('forbidden', message, details);
export const notFound = (message: string, details?: unknown) => new AirwaveError('not_found', message, details);
export const conflict = (message: string, details?: unknown) => new AirwaveError('conflict', message, details);

/** Turns zod issues into a short, human message and a machine-readable list. */
export function validationError(error: z.ZodError, what = 'Invalid input'): AirwaveError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = issues[0];
  const message = first
    ? `${what}: ${first.path ? `${first.path}: ` : ''}${first.message}`
    : what;
  return new AirwaveError('bad_request', message, { issues });
}

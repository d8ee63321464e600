// An operation is one thing the API can do: its bus subject, its input and output schemas, who may
// call it, and (when it is public) its HTTP route. The gateway registers routes from these, the
// owning service binds handlers to them, and the OpenAPI document and the client are derived from
// them, so a contract is written exactly once.
import type { z } from 'zod';
import { forbidden, unauthenticated } from './errors';
import { hasPermission, type Principal } from './principal';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpBinding {
  method: HttpMethod;
  /** Path under /api/v2, Fastify syntax for parameters: `/media/:id`. */
  path: string;
  summary: string;
  /** Area tag for the OpenAPI document. */
  tag: string;
  /** More for the OpenAPI document's description, after what is derived (who may call, how input travels). */
  description?: string;
  /**
   * This operation creates a resource of its collection (the path without a trailing `/:id`). The
   * gateway also routes `POST <collection>`, `PUT <collection>` and `PUT <collection>/0` to it,
   * where no other operation has them: one rule for every resource (creation.ts). A body `id` of
   * 0, "0", "" or null reaching it means "no id yet".
   */
  creates?: true;
}

export type AuthMode = 'none' | 'user';

export interface Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, A extends AuthMode = AuthMode> {
  /** Bus subject without the prefix, `<service>.<area>.<verb>`, e.g. `account.login`. */
  subject: string;
  input: I;
  output: O;
  /** 'none': callable without login; 'user': needs an authenticated principal. */
  auth: A;
  /** A permission the caller must hold, checked at the service edge. */
  permission?: string;
  /** False for operations an app key may never call (managing keys, changing the password). */
  appKeys?: boolean;
  http?: HttpBinding;
  /** Envelope message on success (default 'OK'). */
  successMessage?: string;
  /**
   * Attempts are throttled (429 with Retry-After), as for operations needing no login: for one that
   * checks a password or a second factor. The OpenAPI document lists 429 for it.
   */
  throttled?: true;
  /**
   * Processes other than the gateway that send this operation over the bus (an internal operation's
   * callers). The gateway may send every operation; NATS refuses this subject to any other process
   * kind (bus-access.ts, docs/decisions/bus-security.md).
   */
  callers?: readonly ProcessKind[];
}

/** The kinds of Airwave process on the bus, each with its own NATS user. */
export const PROCESS_KINDS = ['gateway', 'account', 'media', 'scheduling', 'modules', 'playout'] as const;
export type ProcessKind = (typeof PROCESS_KINDS)[number];

export function defineOperation<I extends z.ZodType, O extends z.ZodType, A extends AuthMode>(op: Operation<I, O, A>): Operation<I, O, A> {
  return op;
}

export type InputOf<T> = T extends Operation<infer I, z.ZodType> ? z.input<I> : never;
export type ParsedInputOf<T> = T extends Operation<infer I, z.ZodType> ? z.output<I> : never;
export type OutputOf<T> = T extends Operation<z.ZodType, infer O> ? z.output<O> : never;

/** Checks who may call an operation; throws the AirwaveError the caller should see. Run by the
 * gateway (to answer early) and again by the owning service (which also takes bus calls). */
export function authorize(op: Operation, principal: Principal | null): void {
  if (op.auth === 'user' && !principal) throw unauthenticated();
  if (!principal) return;
  if (op.appKeys === false && principal.via === 'appkey') throw forbidden('App keys may not call this operation.');
  if (op.permission && !hasPermission(principal, op.permission)) {
    throw forbidden('Permission denied.', { permission: op.permission });
  }
}

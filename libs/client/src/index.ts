// A typed client of the Airwave API. It shares the server's contracts, so every operation's input
// and output types come from the same zod schemas the server validates with: no generated code to
// drift. `client.account.login({...})`, `client.users.list({})`, … one method per operation.
import {
  AirwaveError,
  errorCodes,
  operationGroups,
  type ErrorCode,
  type Operation,
} from '@airwave/contracts';
import type { z } from 'zod';

export type Credentials = { sessionKey: string } | { appKeyId: number; appKey: string } | null;

export interface ClientOptions {
  /** Server address, e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  credentials?: Credentials;
  fetch?: typeof fetch;
  /** Validate replies against the output schemas (default true). */
  validate?: boolean;
  /** Sees every reply before it is read (e.g. its `x-session-expiry` header, Unix seconds). */
  onResponse?: (response: Response) => void;
}

/** Per call: the Idempotency-Key of a write (a new one each call by default; reuse it to retry). */
export interface CallOptions {
  idempotencyKey?: string;
}

type Groups = typeof operationGroups;
type OpMethod<O> = O extends Operation<infer I, infer Out>
  ? (input: z.input<I>, options?: CallOptions) => Promise<z.output<Out>>
  : never;
export type AreaClient<G> = { [K in keyof G]: OpMethod<G[K]> };

export class ApiError extends AirwaveError {
  constructor(
    readonly status: number,
    code: ErrorCode,
    message: string,
    details?: unknown,
  ) {
    super(code, message, details);
    this.name = 'ApiError';
  }
}

export interface Session {
  id: number;
  key: string;
  /** Unix seconds. */
  key_expiry: number;
}

/** A login whose password was right, for an account that signs in with a second factor. */
export class TwoFactorRequired extends Error {
  constructor(
    /** For `completeLogin`, with a code; valid five minutes. */
    readonly ticket: string,
    /** Unix seconds. */
    readonly ticketExpiry: number,
  ) {
    super('This account uses two-factor sign-in: complete the login with a code.');
    this.name = 'TwoFactorRequired';
  }
}

/** The second step's ticket, when a login was refused only for want of a second factor. */
function twoFactorChallenge(error: unknown): { ticket: string; ticket_expiry: number } | null {
  const details = error instanceof ApiError ? (error.details as { two_factor_required?: unknown; ticket?: unknown; ticket_expiry?: unknown } | undefined) : undefined;
  if (details?.two_factor_required !== true || typeof details.ticket !== 'string') return null;
  return { ticket: details.ticket, ticket_expiry: typeof details.ticket_expiry === 'number' ? details.ticket_expiry : 0 };
}

export class AirwaveClient {
  private credentials: Credentials;
  private readonly fetchImpl: typeof fetch;
  private readonly baseUrl: string;
  private readonly validate: boolean;
  private readonly onResponse: ((response: Response) => void) | undefined;

  constructor(options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
    this.credentials = options.credentials ?? null;
    // Called through a wrapper: a browser's fetch called as a method of another object throws.
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.validate = options.validate ?? true;
    this.onResponse = options.onResponse;
  }

  /** The credentials the next calls send (a browser app reuses them for uploads and downloads). */
  getCredentials(): Credentials {
    return this.credentials;
  }

  setCredentials(credentials: Credentials): void {
    this.credentials = credentials;
  }

  /** Logs in and keeps the session key for the next calls. */
  /**
   * Logs in and keeps the session key for the next calls. For an account with two-factor sign-in,
   * `secondFactor` gives the code (a TOTP code or a recovery code, or a function asked for it once
   * the password proved right); without it such a login throws TwoFactorRequired, whose `ticket`
   * `completeLogin` takes with the code.
   */
  async login(username: string, password: string, secondFactor?: string | (() => string | Promise<string>)): Promise<Session> {
    let session: Session;
    try {
      session = await this.call(operationGroups.account.login, { username, password });
    } catch (error) {
      const challenge = twoFactorChallenge(error);
      if (!challenge) throw error;
      if (secondFactor === undefined) throw new TwoFactorRequired(challenge.ticket, challenge.ticket_expiry);
      return this.completeLogin(challenge.ticket, typeof secondFactor === 'function' ? await secondFactor() : secondFactor);
    }
    this.credentials = { sessionKey: session.key };
    return session;
  }

  /** The second step of a two-factor login: the ticket of TwoFactorRequired and a code. */
  async completeLogin(ticket: string, code: string): Promise<Session> {
    const session = await this.call(operationGroups.twoFactor.login, { ticket, code });
    this.credentials = { sessionKey: session.key };
    return session;
  }

  /**
   * Calls any operation that has an HTTP binding. Every write carries an Idempotency-Key (a new
   * UUID unless `idempotencyKey` is given): to retry a write whose reply was lost, call again with
   * the same key, and the server answers the first reply instead of changing anything twice.
   */
  async call<O extends Operation>(op: O, input: z.input<O['input']>, options: CallOptions = {}): Promise<z.output<O['output']>> {
    const http = op.http;
    if (!http) throw new Error(`${op.subject} has no HTTP route`);
    const fields: Record<string, unknown> = { ...((input ?? {}) as Record<string, unknown>) };
    const path = http.path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
      const value = fields[name];
      delete fields[name];
      if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
      return encodeURIComponent(String(value));
    });
    const url = new URL(`${this.baseUrl}/api/v2${path}`);
    const headers: Record<string, string> = {};
    if (this.credentials && 'sessionKey' in this.credentials) headers.authorization = `Bearer ${this.credentials.sessionKey}`;
    if (this.credentials && 'appKey' in this.credentials) {
      headers.authorization = `Bearer ${btoa(String(this.credentials.appKeyId))}:${this.credentials.appKey}`;
    }
    if (http.method !== 'GET') headers['idempotency-key'] = options.idempotencyKey ?? globalThis.crypto.randomUUID();
    let body: string | undefined;
    if (http.method === 'GET' || http.method === 'DELETE') {
      for (const [name, value] of Object.entries(fields)) {
        if (value === undefined) continue;
        url.searchParams.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
      }
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(fields);
    }
    const response = await this.fetchImpl(url, { method: http.method, headers, ...(body !== undefined ? { body } : {}) });
    this.onResponse?.(response);
    const text = await response.text();
    let envelope: { status?: boolean; msg?: string; data?: unknown };
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      throw new ApiError(response.status, response.status >= 500 ? 'unavailable' : 'bad_request', `Unexpected reply (${response.status}) from ${http.method} ${path}`);
    }
    if (!response.ok || envelope.status !== true) {
      const data = (envelope.data ?? {}) as { code?: string; details?: unknown };
      const code = (errorCodes as readonly string[]).includes(data.code ?? '') ? (data.code as ErrorCode) : 'internal';
      throw new ApiError(response.status, code, envelope.msg ?? `HTTP ${response.status}`, data.details);
    }
    return (this.validate ? op.output.parse(envelope.data) : envelope.data) as z.output<O['output']>;
  }
}

export type TypedClient = AirwaveClient & { [G in keyof Groups]: AreaClient<Groups[G]> };

/** A client with one method per operation, grouped by area: `client.account.uid({})`. */
export function createClient(options: ClientOptions): TypedClient {
  const client = new AirwaveClient(options);
  for (const [group, operations] of Object.entries(operationGroups as Record<string, Record<string, Operation>>)) {
    const area: Record<string, (input: unknown, options?: CallOptions) => Promise<unknown>> = {};
    for (const [name, op] of Object.entries(operations)) {
      if (op.http) area[name] = (input: unknown, options?: CallOptions) => client.call(op, input as never, options);
    }
    (client as unknown as Record<string, unknown>)[group] = area;
  }
  return client as TypedClient;
}

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
}

type Groups = typeof operationGroups;
type OpMethod<O> = O extends Operation<infer I, infer Out>
  ? (input: z.input<I>) => Promise<z.output<Out>>
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

export class AirwaveClient {
  private credentials: Credentials;
  private readonly fetchImpl: typeof fetch;
  private readonly baseUrl: string;
  private readonly validate: boolean;

  constructor(options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
    this.credentials = options.credentials ?? null;
    this.fetchImpl = options.fetch ?? fetch;
    this.validate = options.validate ?? true;
  }

  setCredentials(credentials: Credentials): void {
    this.credentials = credentials;
  }

  /** Logs in and keeps the session key for the next calls. */
  async login(username: string, password: string): Promise<{ id: number; key: string; key_expiry: number }> {
    const result = await this.call(operationGroups.account.login, { username, password });
    const session = result as { id: number; key: string; key_expiry: number };
    this.credentials = { sessionKey: session.key };
    return session;
  }

  /** Calls any operation that has an HTTP binding. */
  async call<O extends Operation>(op: O, input: z.input<O['input']>): Promise<z.output<O['output']>> {
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
      headers.authorization = `Bearer ${Buffer.from(String(this.credentials.appKeyId)).toString('base64')}:${this.credentials.appKey}`;
    }
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
    const area: Record<string, (input: unknown) => Promise<unknown>> = {};
    for (const [name, op] of Object.entries(operations)) {
      if (op.http) area[name] = (input: unknown) => client.call(op, input as never);
    }
    (client as unknown as Record<string, unknown>)[group] = area;
  }
  return client as TypedClient;
}

// What a remote.php request says, read as PHP's `$_REQUEST` is (the query string, then the form body
// over it), and the password candidates of a media download, whose body OB Player 5.3.0 builds by
// concatenation without URL-encoding (PROTOCOL.md 1.1: a password with `& = + % #` arrives cut).

export interface RemoteBody {
  /** The body as sent. */
  raw: string;
  fields: Record<string, string>;
}

/** The form body, kept whole beside its fields (PHP keeps the last of a repeated name, as here). */
export function parseRemoteBody(raw: string): RemoteBody {
  return { raw, fields: Object.fromEntries(new URLSearchParams(raw)) };
}

/** `$_REQUEST`: text query parameters, overridden by the body's fields. */
export function requestFields(query: unknown, body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) if (typeof value === 'string') fields[name] = value;
  const form = body !== null && typeof body === 'object' && 'fields' in body ? (body as RemoteBody).fields : {};
  return { ...fields, ...form };
}

/** OB Player 5.3.0's media body, `media_id=<id>&id=<id>&pw=<password as is>&buffer=<n>`. */
const UNENCODED_MEDIA_BODY = /^media_id=\d+&id=\d+&pw=(.*)&buffer=\d*$/s;

/**
 * The passwords a request may mean, most likely first: for a media download in OB Player 5.3.0's
 * shape, the text between `&pw=` and `&buffer=` as it is, then the decoded field; else the field.
 */
export function passwordCandidates(action: string, body: unknown, fields: Record<string, string>): string[] {
  const decoded = fields.pw ?? '';
  const raw = body !== null && typeof body === 'object' && 'raw' in body ? (body as RemoteBody).raw : '';
  const literal = action === 'media' ? UNENCODED_MEDIA_BODY.exec(raw)?.[1] : undefined;
  return literal === undefined || literal === decoded ? [decoded] : [literal, decoded];
}

/** A whole number of at most nine digits (PHP's ctype_digit for what OB reads as ids), or null. */
export const digits = (value: string | undefined): number | null => (value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : null);

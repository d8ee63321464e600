// How clients present credentials. Existing OpenBroadcaster clients must work unchanged, so every
// form they use is accepted, in this order (docs/decisions/api-conventions.md, "Credentials"):
//   X-Auth-ID: <user id> and X-Auth-Key: <session key> (OpenBroadcaster reads these first)
//   Authorization: Bearer <session key>
//   Authorization: Bearer base64(<app key id>):<app key>
//   the same app key token in the URL, where a route takes one (the calendar feeds: `?key=`)
//   cookies ob_auth_id / ob_auth_key
//   fields i / k (query string for GET, body otherwise)
export type Credentials =
  | { kind: 'session'; key: string; userId?: number }
  | { kind: 'appkey'; keyId: number; key: string }
  | { kind: 'malformed' };

type Header = string | string[] | undefined;

interface Source {
  xAuthId?: Header;
  xAuthKey?: Header;
  authorization?: string | undefined;
  /** An `Authorization: Bearer` token carried in the URL, for routes whose clients cannot send headers. */
  urlToken?: string | undefined;
  /** The request's cookies, or a function reading them (called only when no header is sent). */
  cookies: Record<string, string | undefined> | (() => Record<string, string | undefined>);
  fields: Record<string, unknown>;
}

const positiveInt = (value: unknown): number | undefined => {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9][0-9]{0,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n <= 2_147_483_647 ? n : undefined;
};

/** One value of a header; a header sent twice is malformed (undefined here, refused by the caller). */
const single = (header: Header): string | undefined => (Array.isArray(header) ? undefined : header);

/** A Bearer token: a session key, or `base64(<app key id>):<app key>`. */
function bearerToken(token: string): Credentials {
  const colon = token.indexOf(':');
  if (colon === -1) return { kind: 'session', key: token };
  const keyId = positiveInt(Buffer.from(token.slice(0, colon), 'base64').toString('utf8'));
  const key = token.slice(colon + 1);
  if (keyId === undefined || !key) return { kind: 'malformed' };
  return { kind: 'appkey', keyId, key };
}

export function readCredentials({ xAuthId, xAuthKey, authorization, urlToken, cookies, fields }: Source): Credentials | null {
  if (xAuthKey !== undefined || xAuthId !== undefined) {
    const key = single(xAuthKey)?.trim();
    const id = single(xAuthId);
    if (!key || /\s/.test(key)) return { kind: 'malformed' };
    if (id === undefined) return { kind: 'session', key };
    const userId = positiveInt(id.trim());
    return userId === undefined ? { kind: 'malformed' } : { kind: 'session', key, userId };
  }
  if (authorization === undefined && urlToken !== undefined) return /^\S+$/.test(urlToken) ? bearerToken(urlToken) : { kind: 'malformed' };
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (!match?.[1]) return { kind: 'malformed' };
    return bearerToken(match[1]);
  }
  const jar = typeof cookies === 'function' ? cookies() : cookies;
  const cookieKey = jar.ob_auth_key;
  if (cookieKey) {
    const userId = positiveInt(jar.ob_auth_id);
    return userId === undefined ? { kind: 'session', key: cookieKey } : { kind: 'session', key: cookieKey, userId };
  }
  const fieldKey = fields.k;
  if (typeof fieldKey === 'string' && fieldKey) {
    const userId = positiveInt(fields.i);
    return userId === undefined ? { kind: 'session', key: fieldKey } : { kind: 'session', key: fieldKey, userId };
  }
  return null;
}

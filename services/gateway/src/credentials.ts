// How clients present credentials. Existing OpenBroadcaster clients must work unchanged, so every
// form they use is accepted (see docs/decisions/credentials.md):
//   Authorization: Bearer <session key>
//   Authorization: Bearer base64(<app key id>):<app key>
//   cookies ob_auth_id / ob_auth_key
//   fields i / k (query string for GET, body otherwise)
export type Credentials =
  | { kind: 'session'; key: string; userId?: number }
  | { kind: 'appkey'; keyId: number; key: string }
  | { kind: 'malformed' };

interface Source {
  authorization?: string | undefined;
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

export function readCredentials({ authorization, cookies, fields }: Source): Credentials | null {
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (!match?.[1]) return { kind: 'malformed' };
    const token = match[1];
    const colon = token.indexOf(':');
    if (colon === -1) return { kind: 'session', key: token };
    const keyId = positiveInt(Buffer.from(token.slice(0, colon), 'base64').toString('utf8'));
    const key = token.slice(colon + 1);
    if (keyId === undefined || !key) return { kind: 'malformed' };
    return { kind: 'appkey', keyId, key };
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

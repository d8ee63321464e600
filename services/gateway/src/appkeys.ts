// Matching a request against an app key's list of allowed endpoints, as OpenBroadcaster stores
// them: `[method, path]` with the path under /api/v2. A pattern segment `*`, `{name}` or `:name`
// matches any one segment; a trailing `**` matches the rest. The route template itself (for
// example `/media/:id`) also matches.
export type Endpoint = readonly [string, string];

const segments = (path: string) => path.replace(/^\/+|\/+$/g, '').split('/').filter(Boolean);

function matchPath(pattern: string, path: string): boolean {
  const p = segments(pattern);
  const s = segments(path);
  for (let i = 0; i < p.length; i += 1) {
    const token = p[i]!;
    if (token === '**') return true;
    if (i >= s.length) return false;
    if (token === '*' || /^\{[^}]+\}$/.test(token) || /^:[A-Za-z_]+$/.test(token)) continue;
    if (token !== s[i]) return false;
  }
  return p.length === s.length;
}

/** `path` is the request path under /api/v2 (no query string). */
export function appKeyAllows(endpoints: readonly Endpoint[], method: string, path: string): boolean {
  const m = method.toUpperCase();
  return endpoints.some(([allowedMethod, pattern]) => allowedMethod.toUpperCase() === m && matchPath(pattern, path));
}

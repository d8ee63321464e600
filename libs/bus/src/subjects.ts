// NATS subject matching, shared by the in-process transport: `*` matches one token, `>` the rest.
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i += 1) {
    const token = p[i];
    if (token === '>') return s.length > i;
    if (i >= s.length) return false;
    if (token !== '*' && token !== s[i]) return false;
  }
  return p.length === s.length;
}

export const eventSubject = (prefix: string, subject: string) => `${prefix}.events.${subject}`;
export const requestSubject = (prefix: string, subject: string) => `${prefix}.${subject}`;

/** JetStream stream name for a prefix: `airwave` → `AIRWAVE_EVENTS`. */
export const streamName = (prefix: string) => `${prefix.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_EVENTS`;

/** Durable consumer names allow letters, digits, `-` and `_`. */
export const consumerName = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '_');

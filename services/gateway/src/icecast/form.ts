// Icecast's URL authentication of listeners (issue 46): the form Icecast POSTs to `listener_add`
// when a listener connects to a mount and to `listener_remove` when one leaves (Icecast 2.4,
// "Listener authentication": action, server, port, client, mount, user, pass, ip, agent, and on
// removal duration), read as a listener event. Icecast admits the listener when the answer carries
// the header `icecast-auth-user: 1`. Pure.

export type ListenerEvent =
  | { kind: 'add'; mount: string; client: string; ip: string; agent: string; at: number }
  | { kind: 'remove'; mount: string; client: string; ip: string; agent: string; at: number; seconds: number | null };

/** The header Icecast reads to admit a listener, and its value for yes. */
export const ADMIT_HEADER = 'icecast-auth-user';

const MAX_FIELD = 1024;

/** The event a form says, or why it is not one (a 400's message). */
export function listenerEvent(form: Record<string, string | undefined>, at: number): ListenerEvent | { problem: string } {
  const field = (name: string) => (form[name] ?? '').slice(0, MAX_FIELD);
  const action = field('action');
  if (action !== 'listener_add' && action !== 'listener_remove') return { problem: 'action must be listener_add or listener_remove' };
  const mount = field('mount');
  const client = field('client');
  if (!mount.startsWith('/')) return { problem: 'mount must be a mount point (/stream)' };
  if (!/^\d+$/.test(client)) return { problem: "client must be Icecast's listener id" };
  const common = { mount, client, ip: field('ip'), agent: field('agent'), at };
  if (action === 'listener_add') return { kind: 'add', ...common };
  const duration = field('duration');
  return { kind: 'remove', ...common, seconds: /^\d+$/.test(duration) ? Number(duration) : null };
}

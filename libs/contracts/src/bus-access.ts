// Who may do what on NATS (docs/decisions/bus-security.md, "NATS users"): one user per process kind
// and an integrator, each allowed only the subjects its job needs. Derived from the operations, so
// a new internal operation's `callers` are its only senders besides the gateway.
//
//   - the gateway sends every operation (installed modules' `module.<name>.*` too) and publishes no event;
//   - a service answers its own request subjects, publishes its own events, and sends the internal
//     operations that name it among their callers;
//   - the playout answers its own subjects and sends the scheduling and media operations it names;
//   - the integrator reads the event stream and sends nothing.
// Every user reads events through JetStream consumers on the event stream (pull requests, acks)
// and gets its replies on an inbox of its own (`_INBOX_<prefix>-<user>`), so no user reads another's replies.
import type { Operation, ProcessKind } from './operation';
import { PROCESS_KINDS } from './operation';
import { allOperations } from './registry';
import { mediaCategories } from './media-categories';
import { mediaInternal } from './media-internal';
import { playlistChecks } from './media-playlist-checks';
import { playlistResolution } from './media-playlist-resolution';
import { playerRemote } from './scheduling-player-remote';
import { playerSync } from './scheduling-player-sync';
import { listenerHook } from './scheduling-listeners';
import { listenerSnapshots } from './scheduling-listener-snapshots';
import { playoutInternal } from './scheduling-playout';
import { permissionsInternal } from './users';

export type BusUser = ProcessKind | 'integrator';
export const BUS_USERS: readonly BusUser[] = [...PROCESS_KINDS, 'integrator'];

/** The process kinds whose services publish events (their outbox relays). */
const EVENT_PUBLISHERS: readonly ProcessKind[] = ['account', 'media', 'scheduling', 'modules'];

export interface BusAccess {
  /** Subjects the user may publish to (NATS wildcards). */
  publish: string[];
  /** Subjects the user may subscribe to. */
  subscribe: string[];
  /** Whether it may answer requests it received (NATS's allow_responses). */
  responds: boolean;
}

/** Every operation sent over the bus, internal ones included. */
export function busOperations(): Operation[] {
  const internal = [mediaInternal, mediaCategories, playlistChecks, playlistResolution, playerRemote, playerSync, listenerHook, listenerSnapshots, playoutInternal, permissionsInternal].flatMap((group) => Object.values(group) as Operation[]);
  const bySubject = new Map<string, Operation>();
  for (const op of [...allOperations(), ...internal]) bySubject.set(op.subject, op);
  return [...bySubject.values()];
}

/** A user's name on the NATS server: one set of users per bus prefix (a station), so stations share a NATS. */
export const natsUserOf = (prefix: string, user: BusUser) => `${prefix}-${user}`;

/** The inbox prefix a NATS user's replies arrive under (connectNatsBus uses it for its `user`). */
export const inboxPrefixOf = (natsUser: string) => `_INBOX_${natsUser}`;

/** The JetStream API subjects a consumer of the event stream uses (no stream deletion, no purge). */
function streamReader(stream: string): string[] {
  return [
    '$JS.API.INFO',
    `$JS.API.STREAM.INFO.${stream}`,
    `$JS.API.CONSUMER.CREATE.${stream}`,
    `$JS.API.CONSUMER.CREATE.${stream}.>`,
    `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.*`,
    `$JS.API.CONSUMER.INFO.${stream}.*`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.*`,
    `$JS.ACK.${stream}.>`,
  ];
}

/** What one user may do on the bus of a prefix whose events are kept in `stream`. */
export function busAccess(user: BusUser, prefix: string, stream: string): BusAccess {
  const inbox = `${inboxPrefixOf(natsUserOf(prefix, user))}.>`;
  const reader = streamReader(stream);
  if (user === 'integrator') return { publish: reader, subscribe: [inbox, `${prefix}.events.>`], responds: false };
  const services = PROCESS_KINDS.filter((kind) => kind !== 'gateway');
  const sends =
    user === 'gateway'
      ? [...services.map((kind) => `${prefix}.${kind}.>`), `${prefix}.module.>`]
      : busOperations()
          .filter((op) => op.callers?.includes(user))
          .map((op) => `${prefix}.${op.subject}`);
  // Whichever process comes first on a fresh NATS creates the stream; a process removes its ephemeral consumers when it stops.
  const streamOwner = [`$JS.API.STREAM.CREATE.${stream}`, `$JS.API.CONSUMER.DELETE.${stream}.*`];
  // The modules service also runs the installed modules: their operations are `module.<name>.*`.
  const ownSubjects = (kind: string) => (kind === 'modules' ? [`${prefix}.modules.>`, `${prefix}.module.>`] : [`${prefix}.${kind}.>`]);
  const events = EVENT_PUBLISHERS.includes(user) ? ownSubjects(user).map((own) => own.replace(`${prefix}.`, `${prefix}.events.`)) : [];
  const answers = user === 'gateway' ? [] : ownSubjects(user);
  return { publish: [...sends, ...events, ...reader, ...streamOwner], subscribe: [inbox, ...answers], responds: user !== 'gateway' };
}

// After a fault under the write load (workload.ts): which writes are in the system, read through the
// API and in PostgreSQL, and whether each change has its event in the outbox and in the stream.
// A write acknowledged (2xx) must be there; a write answered with a failure (503) must not be, ever
// (the deadline promise of docs/reliability.md); every change has exactly one event.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { outboxRows, root, streamEventIds, waitFor, type Cluster, type Gateway } from './cluster';
import { acknowledged, outcomeUnknown, refused, type Fixture, type Write } from './workload';

export interface Verdict {
  /** Acknowledged writes not found (API or database), as `kind tag`. */
  lost: string[];
  /** Writes answered with a failure that were applied all the same. */
  appliedAfterFailure: string[];
  /** Changes without exactly one event, outbox rows not relayed, events not stored exactly once. */
  missingEvents: string[];
  /** 503s that said the change may have been made, and those of them that were. */
  unknown: { replies: number; applied: number };
  events: number;
}

type Row = { id: number; [column: string]: unknown };
const schemas = ['account', 'media', 'scheduling', 'modules'];

export async function verifyWrites(cluster: Cluster, gateway: Gateway, fixture: Fixture, writes: Write[]): Promise<Verdict> {
  const verdict: Verdict = { lost: [], appliedAfterFailure: [], missingEvents: [], unknown: { replies: writes.filter(outcomeUnknown).length, applied: 0 }, events: 0 };
  await waitFor('every outbox to be relayed', async () => (await outboxRows(cluster.database, schemas)).every((r) => r.published), 30_000).catch(() => undefined);
  const outbox = await outboxRows(cluster.database, schemas);
  const payloads = (subject: string) => outbox.filter((r) => r.subject === subject).map((r) => r.frame.payload);
  const scheduling = cluster.database.forSchema('scheduling');

  const shows = (await scheduling.selectFrom('shows').select(['id', 'start']).where('player_id', '=', fixture.showPlayer).execute()) as Row[];
  await checkCreated(gateway, fixture, writes.filter((w) => w.kind === 'show'), shows, (r) => String((r.start as Date).getTime()), '/shows', verdict);
  checkOneEventEach(shows, payloads('scheduling.show.saved'), 'show', verdict);
  const slots = (await scheduling.selectFrom('timeslots').select(['id', 'description']).where('player_id', '=', fixture.slotPlayer).execute()) as Row[];
  await checkCreated(gateway, fixture, writes.filter((w) => w.kind === 'timeslot'), slots, (r) => r.description as string, '/timeslots', verdict);
  checkOneEventEach(slots, payloads('scheduling.timeslot.saved'), 'timeslot', verdict);

  const item = (await cluster.database.forSchema('media').selectFrom('items').select(['id', 'title']).where('id', '=', fixture.mediaId).executeTakeFirstOrThrow()) as Row;
  const apiTitle = (await gateway.api.get<{ title: string }>(`/media/${fixture.mediaId}`, { key: fixture.key })).body.data.title;
  const titles = payloads('media.item.saved').filter((p) => p.id === fixture.mediaId).map((p) => (p.item as { title: string }).title);
  checkUpdates(writes.filter((w) => w.kind === 'media'), [item.title as string, apiTitle], titles, verdict);
  const user = (await cluster.database.forSchema('account').selectFrom('users').select(['id', 'display_name']).where('id', '=', fixture.adminId).executeTakeFirstOrThrow()) as Row;
  const apiName = (await gateway.api.get<{ display_name: string }>('/account/settings', { key: fixture.key })).body.data.display_name;
  const names = payloads('account.user.updated').filter((p) => p.id === fixture.adminId).map((p) => p.display_name as string);
  checkUpdates(writes.filter((w) => w.kind === 'settings'), [user.display_name as string, apiName], names, verdict);

  for (const row of outbox.filter((r) => !r.published)) verdict.missingEvents.push(`not relayed: ${row.schema} ${row.subject} ${row.id}`);
  const stored = await streamEventIds(cluster.env.NATS_URL!, cluster.env.BUS_PREFIX!, outbox.length, 20_000);
  for (const row of outbox) if (stored.get(row.id) !== 1) verdict.missingEvents.push(`stored ${stored.get(row.id) ?? 0}×: ${row.subject} ${row.id}`);
  verdict.events = outbox.length;
  return verdict;
}

/** Creations: each acknowledged one is a row (with its id) and answers GET; no refused one is a row. */
async function checkCreated(gateway: Gateway, fixture: Fixture, writes: Write[], rows: Row[], tagOf: (row: Row) => string, path: string, verdict: Verdict) {
  const byTag = new Map(rows.map((r) => [tagOf(r), r.id]));
  for (const w of writes.filter(acknowledged)) {
    const found = byTag.get(w.tag) === w.id && (await gateway.api.get(`${path}/${w.id}`, { key: fixture.key })).status === 200;
    if (!found) verdict.lost.push(`${w.kind} ${w.tag} (id ${w.id})`);
  }
  for (const w of writes.filter(refused)) if (byTag.has(w.tag)) verdict.appliedAfterFailure.push(`${w.kind} ${w.tag}: ${w.sample.status} ${w.sample.body?.msg}`);
  verdict.unknown.applied += writes.filter((w) => outcomeUnknown(w) && byTag.has(w.tag)).length;
}

/** Every row has exactly one saved event naming it, and no saved event names a row that is not there. */
function checkOneEventEach(rows: Row[], payloads: Record<string, unknown>[], kind: string, verdict: Verdict) {
  const counts = new Map<unknown, number>();
  for (const p of payloads) counts.set(p.id, (counts.get(p.id) ?? 0) + 1);
  for (const row of rows) if (counts.get(row.id) !== 1) verdict.missingEvents.push(`${kind} ${row.id}: ${counts.get(row.id) ?? 0} events`);
  const ids = new Set(rows.map((r) => r.id));
  for (const id of counts.keys()) if (!ids.has(id as number)) verdict.missingEvents.push(`${kind} ${String(id)}: an event without its row`);
}

/**
 * Updates of one value, one after another from one client: the value stored (database and API) is
 * the last acknowledged one; each acknowledged value has its event; no refused value ever had one
 * (an event is recorded in the same transaction as the change, so it is the change's history).
 */
function checkUpdates(writes: Write[], stored: string[], eventValues: string[], verdict: Verdict) {
  const acked = writes.filter(acknowledged);
  const last = acked.at(-1);
  if (last && stored.some((value) => value !== last.tag)) verdict.lost.push(`${last.kind} ${last.tag}: stored ${stored.join(' / ')}`);
  const seen = new Set(eventValues);
  for (const w of acked) if (!seen.has(w.tag)) verdict.missingEvents.push(`${w.kind} ${w.tag}: no event`);
  for (const w of writes.filter(refused)) if (seen.has(w.tag) || stored.includes(w.tag)) verdict.appliedAfterFailure.push(`${w.kind} ${w.tag}: ${w.sample.status} ${w.sample.body?.msg}`);
  verdict.unknown.applied += writes.filter((w) => outcomeUnknown(w) && seen.has(w.tag)).length;
}

// ---- the figures per fault (docs/reliability.md), printed and appended to tests/data/faults-summary.md

export interface Figures {
  fault: string;
  writes: Write[];
  verdict: Verdict;
  /** Seconds from the fault's end until every kind of write succeeded again. */
  recoverSeconds: number;
  notes: string;
}

export function reportFigures({ fault, writes, verdict, recoverSeconds, notes }: Figures): void {
  const status = (w: Write) => w.sample.status;
  const twoXx = writes.filter(acknowledged).length;
  const fiveXx = writes.filter((w) => typeof status(w) === 'number' && (status(w) as number) >= 500).length;
  const unknown = verdict.unknown.replies ? `; ${verdict.unknown.replies} 503s said the change may have been made (outcome unknown), ${verdict.unknown.applied} of them were` : '';
  const line = `| ${fault} | ${writes.length} | ${twoXx} | ${fiveXx} | ${verdict.lost.length} | ${verdict.appliedAfterFailure.length} | ${verdict.missingEvents.length} | ${recoverSeconds.toFixed(1)} | ${notes}${unknown} |\n`;
  mkdirSync(join(root, 'tests', 'data'), { recursive: true });
  appendFileSync(join(root, 'tests', 'data', 'faults-summary.md'), line);
  process.stdout.write(`[faults] ${line}`);
}

/**
 * Seconds from `since` (the fault's end) until every kind of write had succeeded again: the latest of
 * each kind's first 2xx reply after it. Each client waits 400 ms between writes, so it reads late by up to that.
 */
export function recoverySeconds(writes: Write[], since: number): number {
  const kinds = [...new Set(writes.map((w) => w.kind))];
  const firsts = kinds.map((kind) => writes.find((w) => w.kind === kind && w.sample.end >= since && acknowledged(w))?.sample.end ?? Infinity);
  return (Math.max(...firsts) - since) / 1000;
}

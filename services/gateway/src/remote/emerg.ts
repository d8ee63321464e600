// `action=emerg`'s reply (PROTOCOL.md 1.5): each alert in force as a `<broadcast>` with the 15
// elements OB Player reads (and OB's `mode`), flattened under `<obconnect>` as OB's objectToXml does.
import type { Alert, PlayerFile } from '@airwave/contracts';
import { fileFields } from './schedule';
import { elements } from './xml';

const unix = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const AIRABLE = new Set(['audio', 'video', 'image']);

/** One `<broadcast>`, or null when its item is gone or cannot air (a document). */
export function broadcastXml(alert: Alert, file: PlayerFile | undefined): string | null {
  if (!file || !AIRABLE.has(file.type)) return null;
  const duration = alert.duration ?? alert.item_duration ?? file.duration ?? 0;
  const [filename, title, artist, ...rest] = fileFields(file);
  const fields: [string, string | number][] = [
    ['id', alert.id],
    ['start_timestamp', unix(alert.start)],
    ['end_timestamp', unix(alert.stop)],
    ['frequency', alert.frequency],
    artist!,
    filename!,
    title!,
    ['media_id', alert.item_id],
    ['duration', duration.toFixed(3)],
    ['media_type', file.type],
    ...rest,
    ['mode', 'standard'],
  ];
  return `<broadcast>${elements(fields)}</broadcast>`;
}

export function emergDocument(alerts: Alert[], files: Map<number, PlayerFile>): string {
  const body = alerts.map((alert) => broadcastXml(alert, files.get(alert.item_id))).filter((xml) => xml !== null).join('');
  return body ? `<?xml version="1.0"?>\n<obconnect>${body}</obconnect>\n` : '<?xml version="1.0"?>\n<obconnect/>\n';
}

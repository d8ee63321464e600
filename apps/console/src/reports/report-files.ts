// The reports' files: the server's CSVs of the plays and of the summary (GET …/plays.csv and
// …/listeners/summary.csv, fetched with the session's key as every API call is, a refusal read
// from the API's envelope), and SoundExchange's report as the API answers it (its text and name).
import { ApiError, api, storedSession } from '../lib/api';
import { i18n } from '../i18n';

/** Hands a file to the browser to save. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The name a reply gives its file (Content-Disposition), else `fallback`. */
function nameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) return decodeURIComponent(encoded[1]!);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
}

/** A refused download as the API's error (its envelope's message), or the status in words. */
async function refusal(response: Response): Promise<ApiError> {
  try {
    const envelope = (await response.json()) as { msg?: string; data?: { code?: string; details?: unknown } };
    return new ApiError(response.status, (envelope.data?.code ?? 'internal') as never, envelope.msg ?? `HTTP ${response.status}`, envelope.data?.details);
  } catch {
    return new ApiError(response.status, 'internal', i18n.t('The server answered {{status}}.', { status: response.status }));
  }
}

/** Fetches `/api/v2<path>?<query>` with the session's key and saves what it answers. */
export async function downloadFile(path: string, query: Record<string, string>, fallbackName: string): Promise<void> {
  const session = storedSession();
  const response = await fetch(`/api/v2${path}?${new URLSearchParams(query).toString()}`, { headers: session ? { authorization: `Bearer ${session.key}` } : {} });
  if (!response.ok) throw await refusal(response);
  saveBlob(await response.blob(), nameOf(response, fallbackName));
}

/** SoundExchange's report of use for a window, saved under the name its delivery specification gives. */
export async function downloadSoundExchange(id: number, window: { start: string; end: string }, category: string, service: string): Promise<number> {
  const report = await api.scheduling.soundExchange({ id, ...window, category, ...(service.trim() ? { service: service.trim() } : {}) });
  saveBlob(new Blob([report.text], { type: 'text/plain;charset=utf-8' }), report.filename);
  return report.recordings;
}

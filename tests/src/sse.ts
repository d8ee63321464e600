// A client of a server-sent events stream for the tests: the HTTP reply, and its events read as
// they arrive (`next` waits for the next one, or one that matches), parsed as the WHATWG
// EventSource does: `id`, `event`, `data` (lines joined), `retry`; comment lines ignored.
import { limit } from '../../vitest.shared';

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
  retry?: number;
}

export interface SseStream {
  response: Response;
  /** Every event read so far, in order (a block with no data is not an event, as in EventSource). */
  events: SseEvent[];
  /** The reconnection time the server asked for (`retry:`), once read. */
  retry(): number | undefined;
  /** The next event not yet taken (that matches `where`, skipping others), within `ms`. */
  next(where?: (event: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** One block of lines (between blank lines) as an event; null for a block of comments only. */
export function parseBlock(block: string): SseEvent | null {
  const event: SseEvent = { event: 'message', data: '' };
  const data: string[] = [];
  let any = false;
  for (const line of block.split(/\r\n|\r|\n/)) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    any = true;
    if (field === 'data') data.push(value);
    else if (field === 'event') event.event = value;
    else if (field === 'id') event.id = value;
    else if (field === 'retry') event.retry = Number(value);
  }
  event.data = data.join('\n');
  return any ? event : null;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const events: SseEvent[] = [];
  let retry: number | undefined;
  let taken = 0;
  let wake: () => void = () => undefined;
  const ended = (async () => {
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.search(/\r?\n\r?\n/)) !== -1) {
          const event = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(buffer.slice(end).match(/^\r?\n\r?\n/)![0].length + end);
          if (event?.retry !== undefined) retry = event.retry;
          if (event?.data) events.push(event);
        }
        wake();
      }
    } catch {
      // Aborted by close().
    }
    wake();
  })();
  let done = false;
  void ended.then(() => (done = true));
  const next = async (where: (event: SseEvent) => boolean = () => true, ms = limit(10_000)) => {
    const deadline = Date.now() + ms;
    for (;;) {
      while (taken < events.length) {
        const event = events[taken++]!;
        if (where(event)) return event;
      }
      if (done) throw new Error(`the stream ended; events: ${JSON.stringify(events)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such event within ${ms} ms; events: ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };
  return { response, events, retry: () => retry, next, ended, close: () => abort.abort() };
}

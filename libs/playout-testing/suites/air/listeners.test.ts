// The listener count of GET /playout/status, against a real Icecast (Debian's icecast2, its
// /status-json.xsl): ffmpeg sources two mounts, a listener connects to one and leaves, and the
// counts follow; a mount without a source and an Icecast that does not answer count as unknown.
// Needs icecast2 and ffmpeg.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limit } from '../../../../vitest.shared';
import { freePort, haveTools, liveSource, startIcecast, type PrivateIcecast } from '../../src/listen';
import { ListenerCounts } from '@airwave/playout/internal/listeners/counts';

const WEBROOT = '/usr/share/icecast2/web';
const missing = [...(await haveTools(['icecast2', 'ffmpeg'])), ...(existsSync(`${WEBROOT}/status-json.xsl`) ? [] : [`${WEBROOT}/status-json.xsl`])];
if (missing.length && process.env.CI) throw new Error(`the listener count test needs ${missing.join(', ')}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(missing.length > 0)("listeners, from Icecast's statistics", () => {
  let ice: PrivateIcecast;
  let closedPort: number;
  const sources: (() => void)[] = [];
  let counts: ListenerCounts;

  /** The counts, asked again until `expected` (Icecast sees a listener come and go within a moment). */
  async function until(expected: Map<number, number | null>) {
    const deadline = Date.now() + limit(15_000);
    let last = await counts.of([...expected.keys()]);
    while (Date.now() < deadline && JSON.stringify([...last]) !== JSON.stringify([...expected])) {
      await sleep(200);
      last = await counts.of([...expected.keys()]);
    }
    return last;
  }

  beforeAll(async () => {
    ice = await startIcecast({ webroot: WEBROOT });
    closedPort = await freePort();
    sources.push(liveSource(ice.port, ice.sourcePassword, 440, 120, '/fm.mp3'), liveSource(ice.port, ice.sourcePassword, 880, 120, '/jazz.mp3'));
    const urls = new Map([[1, ice.url('/fm.mp3')], [2, ice.url('/jazz.mp3')], [3, ice.url('/silent.mp3')], [4, `http://127.0.0.1:${closedPort}/fm.mp3`]]);
    counts = new ListenerCounts({ streamUrls: async () => urls, maxAgeMs: 0 });
  });
  afterAll(async () => {
    for (const stop of sources) stop();
    await ice?.close();
  });

  it('counts a listener of one mount while it listens, none on the other, and unknown elsewhere', async () => {
    expect(await until(new Map([[1, 0], [2, 0], [3, null], [4, null]]))).toEqual(new Map([[1, 0], [2, 0], [3, null], [4, null]]));
    const listening = new AbortController();
    const stream = await fetch(ice.url('/fm.mp3'), { signal: listening.signal });
    expect(stream.headers.get('content-type')).toBe('audio/mpeg');
    const reading = stream.body!.pipeTo(new WritableStream()).catch(() => undefined);
    expect(await until(new Map([[1, 1], [2, 0]]))).toEqual(new Map([[1, 1], [2, 0]]));
    listening.abort();
    await reading;
    expect(await until(new Map([[1, 0], [2, 0]]))).toEqual(new Map([[1, 0], [2, 0]]));
  });
});

// Icecast's statistics as Icecast 2.4.4 answers /status-json.xsl (samples taken from Debian's
// icecast2 with ffmpeg as sources), and the cache that asks it at most every few seconds.
import { describe, expect, it } from 'vitest';
import { ListenerCounts } from './counts';
import { mountListeners, mountOf, statsUrlOf } from './icecast-stats';

const server = '"admin":"icemaster@localhost","host":"127.0.0.1","location":"Earth","server_id":"Icecast 2.4.4","server_start":"Sun, 29 Nov 2026 14:33:37 +0000","server_start_iso8601":"2026-11-29T14:33:37+0000"';
const fm = '{"genre":"various","listener_peak":1,"listeners":1,"listenurl":"http://127.0.0.1:18743/fm.mp3","server_description":"Unspecified description","server_name":"Unspecified name","server_type":"audio/mpeg","stream_start":"Sun, 29 Nov 2026 14:33:41 +0000","stream_start_iso8601":"2026-11-29T14:33:41+0000","dummy":null}';
const jazz = '{"genre":"various","listener_peak":0,"listeners":0,"listenurl":"http://127.0.0.1:18743/jazz.mp3","server_description":"Unspecified description","server_name":"Jazz \\"FM\\"","server_type":"audio/mpeg","stream_start":"Sun, 29 Nov 2026 14:33:44 +0000","stream_start_iso8601":"2026-11-29T14:33:44+0000","dummy":null}';
/** No source connected, one (an object), two (an array). */
const noMount = `{"icestats":{${server},"dummy":null}}`;
const oneMount = `{"icestats":{${server},"source":${fm}}}`;
const twoMounts = `{"icestats":{${server},"source":[${fm},${jazz}]}}`;

describe("Icecast's statistics", () => {
  it('reads one mount (an object), several (an array) and none', () => {
    expect(mountListeners(JSON.parse(oneMount))).toEqual(new Map([['/fm.mp3', 1]]));
    expect(mountListeners(JSON.parse(twoMounts))).toEqual(new Map([['/fm.mp3', 1], ['/jazz.mp3', 0]]));
    expect(mountListeners(JSON.parse(noMount))).toEqual(new Map());
  });

  it('refuses what is not Icecast statistics, and skips a source without a count or a mount', () => {
    expect(mountListeners({ status: 'ok' })).toBeNull();
    expect(mountListeners('<html>')).toBeNull();
    expect(mountListeners({ icestats: { source: [{ listenurl: 'http://x:8000/a.mp3' }, { listeners: 3 }, { listeners: -1, listenurl: 'http://x:8000/b.mp3' }, { listeners: 2, mount: '/c.ogg' }] } })).toEqual(new Map([['/c.ogg', 2]]));
  });

  it("finds the statistics at the stream's origin, without its credentials, and the mount in its path", () => {
    expect(statsUrlOf('http://icecast:8000/fm.mp3')).toBe('http://icecast:8000/status-json.xsl');
    expect(statsUrlOf('https://user:secret@radio.example/live/fm.mp3?x=1')).toBe('https://radio.example/status-json.xsl');
    expect(statsUrlOf('rtmp://radio.example/fm')).toBeNull();
    expect(statsUrlOf('not a url')).toBeNull();
    expect(mountOf('http://icecast:8000/fm.mp3')).toBe('/fm.mp3');
    expect(mountOf('http://icecast:8000/')).toBeNull();
  });
});

describe('listener counts', () => {
  const setup = (answer: () => Response | Promise<Response>) => {
    const asked: string[] = [];
    let clock = 1_000_000;
    const counts = new ListenerCounts({
      streamUrls: async () => new Map([[1, 'http://icecast:8000/fm.mp3'], [2, 'http://icecast:8000/jazz.mp3'], [3, 'http://icecast:8000/gone.mp3'], [4, 'http://other:8000/fm.mp3']]),
      fetch: (async (url: string) => {
        asked.push(url);
        if (url.startsWith('http://other')) throw new TypeError('fetch failed');
        return answer();
      }) as typeof fetch,
      now: () => clock,
    });
    return { counts, asked, later: (ms: number) => (clock += ms) };
  };

  it("answers each player's mount, null where unknown, asking each Icecast once per 5 s", async () => {
    const { counts, asked, later } = setup(() => new Response(twoMounts));
    expect(await counts.of([1, 2, 3, 4, 5])).toEqual(new Map([[1, 1], [2, 0], [3, null], [4, null], [5, null]]));
    expect(asked.sort()).toEqual(['http://icecast:8000/status-json.xsl', 'http://other:8000/status-json.xsl']);
    later(4000);
    await counts.of([1, 2]);
    expect(asked).toHaveLength(2);
    later(1000);
    await counts.of([1]);
    expect(asked).toHaveLength(3);
  });

  it('counts an Icecast answering an error or invalid JSON as unknown', async () => {
    expect(await setup(() => new Response('nope', { status: 404 })).counts.of([1])).toEqual(new Map([[1, null]]));
    expect(await setup(() => new Response('{"icestats":{"source":{"title":"a "quoted" title"}}}')).counts.of([1])).toEqual(new Map([[1, null]]));
  });
});

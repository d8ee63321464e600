// A private Icecast (Debian's icecast2) for tests and benchmarks: a temporary config and directory,
// a free port, no burst on connect (a listener hears the stream as it is now, so a recording's
// timeline is the stream's). As root, Icecast refuses to run unless it changes owner, so it then
// drops to nobody and its temporary directory is opened to that user.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@airwave/playout/engine';

export { freePort };

export interface PrivateIcecast {
  host: string;
  port: number;
  sourcePassword: string;
  url(mount: string): string;
  /** The now-playing title Icecast shows for a mount (from its admin statistics), if any. */
  nowPlaying(mount: string): Promise<string | undefined>;
  /** Stops Icecast (the engine's output then reconnects when it comes back on the same port). */
  stop(): Promise<void>;
  /** Starts it again on the same port after `stop`. */
  restart(): Promise<void>;
  /** Stops it and removes its directory. */
  close(): Promise<void>;
}

/** `webroot`: where its pages are (Debian's `/usr/share/icecast2/web` answers `/status-json.xsl`); default the temporary directory, which has none. `mounts`: `<mount>` elements (urlAuthMount). */
export function icecastConfig(dir: string, port: number, sourcePassword: string, asRoot: boolean, webroot = dir, mounts = ''): string {
  const owner = asRoot
    ? '<security><chroot>0</chroot><changeowner><user>nobody</user><group>nogroup</group></changeowner></security>'
    : '';
  return `<icecast>
  <limits><sources>64</sources><clients>256</clients><burst-size>0</burst-size><queue-size>1048576</queue-size><source-timeout>10</source-timeout></limits>
  <authentication><source-password>${sourcePassword}</source-password><admin-user>admin</admin-user><admin-password>${sourcePassword}</admin-password></authentication>
  <hostname>127.0.0.1</hostname>
  <listen-socket><port>${port}</port><bind-address>127.0.0.1</bind-address></listen-socket>
  <fileserve>0</fileserve>
  ${mounts}
  <paths><basedir>${dir}</basedir><logdir>${dir}</logdir><webroot>${webroot}</webroot><adminroot>${dir}</adminroot></paths>
  <logging><accesslog>access.log</accesslog><errorlog>error.log</errorlog><loglevel>2</loglevel></logging>
  ${owner}
</icecast>
`;
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(500) });
      await res.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`icecast2 did not answer on port ${port} within ${timeoutMs} ms`);
}

/**
 * A mount whose listeners Icecast reports to `hook` (URL authentication, as Airwave's listener hook
 * is configured: docs/decisions/listeners.md): a POST at each connect (`listener_add`, which must
 * answer `icecast-auth-user: 1` for the listener to be let in) and at each disconnect.
 */
export function urlAuthMount(mount: string, hook: string): string {
  const url = hook.replace(/&/g, '&amp;');
  return `<mount type="normal"><mount-name>${mount}</mount-name><authentication type="url">
    <option name="listener_add" value="${url}"/><option name="listener_remove" value="${url}"/><option name="auth_header" value="icecast-auth-user: 1"/>
  </authentication></mount>`;
}

/** Starts icecast2 on a free port (or `port`) with a temporary config. */
export async function startIcecast(options: { port?: number; timeoutMs?: number; webroot?: string; mounts?: string; sourcePassword?: string } = {}): Promise<PrivateIcecast> {
  const dir = await mkdtemp(join(tmpdir(), 'airwave-icecast-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chmod(dir, 0o777);
  const port = options.port ?? (await freePort());
  const sourcePassword = options.sourcePassword ?? `src-${Math.random().toString(36).slice(2, 10)}`;
  const configPath = join(dir, 'icecast.xml');
  await writeFile(configPath, icecastConfig(dir, port, sourcePassword, asRoot, options.webroot, options.mounts));
  let child: ChildProcess | undefined;
  const launch = async () => {
    const c = spawn('icecast2', ['-c', configPath], { stdio: 'ignore' });
    child = c;
    await waitForPort(port, options.timeoutMs ?? 10_000);
    // another process may have taken the free port meanwhile and answered in its place
    await new Promise((r) => setTimeout(r, 100));
    if (c.exitCode !== null) throw new Error(`icecast2 exited (${c.exitCode}): port ${port} taken?`);
  };
  const stop = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    if (c.exitCode === null) c.kill('SIGKILL');
  };
  await launch();
  return {
    host: '127.0.0.1',
    port,
    sourcePassword,
    url: (mount) => `http://127.0.0.1:${port}${mount.startsWith('/') ? mount : `/${mount}`}`,
    nowPlaying: async (mount) => {
      const res = await fetch(`http://127.0.0.1:${port}/admin/stats`, { headers: { authorization: `Basic ${Buffer.from(`admin:${sourcePassword}`).toString('base64')}` } });
      const xml = await res.text();
      const block = xml.split('<source mount="').find((b) => b.startsWith(`${mount}"`));
      const title = block && /<title>([^<]*)<\/title>/.exec(block)?.[1];
      return title?.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    },
    stop,
    restart: launch,
    close: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

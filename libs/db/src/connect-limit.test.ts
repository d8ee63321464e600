// The TCP connect limit times the handshake, not the name's lookup: a container's `postgres` is
// looked up in Docker's DNS first, which took over a second on a loaded CI machine for a server that
// then answered at once, and the migrations gave up ("TCP connect to PostgreSQL timed out").
import dns from 'node:dns';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { socketWithConnectLimit } from './connect-limit';

const LIMIT_MS = 100;

async function listening(): Promise<{ server: net.Server; port: number }> {
  const server = net.createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as net.AddressInfo).port };
}

/** Resolves to 'connected', or to the error that destroyed the socket. */
function outcome(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error) => resolve(error.message));
  });
}

describe('socketWithConnectLimit', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives a name that is slow to look up the whole limit for its handshake', async () => {
    const { server, port } = await listening();
    const realLookup = dns.lookup;
    vi.spyOn(dns, 'lookup').mockImplementation(((...args: Parameters<typeof dns.lookup>) => {
      setTimeout(() => (realLookup as (...a: unknown[]) => void)(...args), LIMIT_MS * 3);
    }) as typeof dns.lookup);
    try {
      const socket = socketWithConnectLimit(LIMIT_MS)();
      const result = outcome(socket);
      socket.connect(port, 'localhost');
      expect(await result).toBe('connected');
      expect(dns.lookup).toHaveBeenCalled();
    } finally {
      server.close();
    }
  });

  it('still gives up a handshake nobody answers, by address', async () => {
    // A listener with a backlog of one, its queue filled and never accepted: later SYNs are dropped.
    const script = `require('net').createServer().listen({ port: 0, host: '127.0.0.1', backlog: 1 }, function () {
      process.stdout.write(String(this.address().port) + '\\n'); const until = Date.now() + 20000; while (Date.now() < until) {} });`;
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const port = Number(await new Promise<string>((resolve) => child.stdout!.once('data', (data: Buffer) => resolve(String(data).trim()))));
      const held = [];
      for (let i = 0; i < 2; i += 1) {
        const socket = net.connect(port, '127.0.0.1');
        socket.on('error', () => undefined);
        await new Promise((resolve) => socket.once('connect', resolve));
        held.push(socket);
      }
      const started = Date.now();
      const socket = socketWithConnectLimit(LIMIT_MS)();
      const result = outcome(socket);
      socket.connect(port, '127.0.0.1');
      expect(await result).toMatch(/timed out after 100 ms/);
      expect(Date.now() - started).toBeLessThan(900);
      for (const s of held) s.destroy();
    } finally {
      child.kill('SIGKILL');
    }
  });
});

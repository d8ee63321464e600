// A PostgreSQL whose host stops answering (its container stopped: no process owns the address, so a
// connection's SYN goes unanswered) must not hold the queries after it is back. The compose chaos
// run of issue 42 saw the first writes after PostgreSQL's crash recovery take 2.8–4.8 s: the pool's
// slots were taken by connection attempts made while the host was away (an address nobody owns
// answers nothing for 3 s, then "host unreachable"; the pool's own limit was 5 s), and the writes
// after the recovery queued behind them. A TCP connection on a station's network is made in
// milliseconds, so an attempt with no answer after a second is given up (open.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, isTransientDatabaseError, openDatabase, type Database, type TestDatabase } from './index';
import { limit } from '../../../vitest.shared';

const baseUrl = process.env.DATABASE_URL;

/** A port that forwards to PostgreSQL while "up", and leaves every SYN unanswered while "away". */
class Host {
  private proxy?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private unanswering?: ChildProcess;
  private readonly held: net.Socket[] = [];
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(target: { host: string; port: number }): Promise<Host> {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const host = new Host(port, target);
    await host.up();
    return host;
  }

  /** PostgreSQL answers through the port. */
  async up(): Promise<void> {
    this.unanswering?.kill('SIGKILL');
    for (const socket of this.held) socket.destroy();
    this.held.length = 0;
    this.proxy = net.createServer((client) => {
      const server = net.connect(this.target.port, this.target.host);
      for (const socket of [client, server]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(server).pipe(client);
      client.on('close', () => server.destroy());
      server.on('close', () => client.destroy());
    });
    // The port may still be held for a moment by the process that left it unanswered.
    for (;;) {
      const listening = await new Promise<boolean>((resolve) => {
        this.proxy!.once('error', () => resolve(false));
        this.proxy!.listen(this.port, '127.0.0.1', () => resolve(true));
      });
      if (listening) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * The host goes away: every connection through the port is reset, and new ones get no answer.
   * A process that listens with a backlog of one and never accepts (its event loop held), its
   * queue filled by two connections of ours: the kernel drops every later SYN, as for an address
   * nobody owns.
   */
  async away(): Promise<void> {
    const closed = new Promise((resolve) => this.proxy!.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
    const script = `require('net').createServer().listen({ port: ${this.port}, host: '127.0.0.1', backlog: 1 }, () => {
      process.stdout.write('listening\\n'); const until = Date.now() + 120000; while (Date.now() < until) {} });`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    this.unanswering = child;
    await new Promise((resolve) => child.stdout!.once('data', resolve));
    for (let i = 0; i < 2; i += 1) {
      const socket = net.connect(this.port, '127.0.0.1');
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('connect', resolve));
      this.held.push(socket);
    }
  }

  async stop(): Promise<void> {
    this.unanswering?.kill('SIGKILL');
    for (const socket of [...this.held, ...this.sockets]) socket.destroy();
    await new Promise((resolve) => (this.proxy?.listening ? this.proxy.close(resolve) : resolve(undefined)));
  }
}

describe.skipIf(!baseUrl)('PostgreSQL whose host stops answering', () => {
  let t: TestDatabase;
  let host: Host;
  let db: Database;

  beforeAll(async () => {
    t = await createTestDatabase(baseUrl!, 'away');
    const target = new URL(t.url);
    host = await Host.start({ host: target.hostname, port: Number(target.port || 5432) });
    const through = new URL(t.url);
    through.hostname = '127.0.0.1';
    through.port = String(host.port);
    db = await openDatabase({ url: through.toString(), poolSize: 4 });
  });
  afterAll(async () => {
    await db?.close().catch(() => undefined);
    await host?.stop();
    await t?.drop();
  });

  it('does not hold a connection attempt longer than the TCP connect limit', { timeout: limit(30_000) }, async () => {
    await host.away();
    try {
      const started = Date.now();
      const failure = await db.ping().then(() => undefined, (error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(String((failure as Error).message)).toMatch(/connect/i);
      // Answered 503 with Retry-After at the edge, as any connection loss.
      expect(isTransientDatabaseError(failure)).toBe(true);
      // The default limit is 1 s; the pool's own 5 s was what the queries waited before.
      expect(Date.now() - started).toBeLessThan(limit(1_800));
    } finally {
      await host.up();
    }
    await expect(db.ping()).resolves.toBeUndefined();
  });
});

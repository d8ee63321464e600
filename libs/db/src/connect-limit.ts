// A socket for pg whose TCP connection gives up when the server's address does not answer in time.
// pg's own `connectionTimeoutMillis` covers the whole connect (TCP, TLS, authentication), which may
// take seconds on a loaded server; the TCP handshake alone is the kernel's and takes milliseconds
// on a network that answers. A host that is away (a stopped container, a node gone) answers no SYN:
// the kernel retransmits after 1 s and 3 s, or says "host unreachable" after 3 s of ARP, and a pool
// slot waits all that time while requests queue behind it.
import net from 'node:net';

export class TcpConnectTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`TCP connect to PostgreSQL timed out after ${ms} ms`);
    this.name = 'TcpConnectTimeoutError';
  }
}

/**
 * pg's `stream` option: a new socket per connection, destroyed if its TCP handshake does not finish
 * in `ms`. The time counts from when the host's address is known: a name (a container's `postgres`)
 * is first looked up, which on a loaded machine's Docker DNS has taken over a second for a server
 * that then answered at once; the lookup itself stays within pg's whole-connect limit.
 */
export function socketWithConnectLimit(ms: number): () => net.Socket {
  return () => {
    const socket = new net.Socket();
    const connect = socket.connect.bind(socket) as (...args: unknown[]) => net.Socket;
    socket.connect = ((...args: unknown[]) => {
      let timer: NodeJS.Timeout | undefined;
      const startTimer = () => {
        timer ??= setTimeout(() => socket.destroy(new TcpConnectTimeoutError(ms)), ms);
      };
      const clear = () => clearTimeout(timer);
      if (net.isIP(hostOf(args))) startTimer();
      else socket.once('lookup', startTimer);
      socket.once('connect', clear);
      socket.once('close', clear);
      return connect(...args);
    }) as net.Socket['connect'];
    return socket;
  };
}

/** The host of `socket.connect(port, host)` as pg calls it, or of its options form. */
function hostOf(args: unknown[]): string {
  const [first, second] = args;
  if (typeof second === 'string') return second;
  if (first && typeof first === 'object' && 'host' in first && typeof first.host === 'string') return first.host;
  return 'localhost';
}

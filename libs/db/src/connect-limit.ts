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

/** pg's `stream` option: a new socket per connection, destroyed if it is not connected in `ms`. */
export function socketWithConnectLimit(ms: number): () => net.Socket {
  return () => {
    const socket = new net.Socket();
    const connect = socket.connect.bind(socket) as (...args: unknown[]) => net.Socket;
    socket.connect = ((...args: unknown[]) => {
      const timer = setTimeout(() => socket.destroy(new TcpConnectTimeoutError(ms)), ms);
      const clear = () => clearTimeout(timer);
      socket.once('connect', clear);
      socket.once('close', clear);
      return connect(...args);
    }) as net.Socket['connect'];
    return socket;
  };
}

// Requests from a chosen loopback address (127.0.0.2, 127.0.0.3, …: all of 127/8 is this machine),
// so that a test can be two clients at two addresses, as the gateway sees them, with no proxy in
// between. A fetch for the harness's Api: node:http with `localAddress`, answered as a Response.
import { request } from 'node:http';

export function fetchFrom(localAddress: string) {
  return (url: URL, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Response> =>
    new Promise((resolve, reject) => {
      const sent = request(url, { method: init.method, headers: init.headers, localAddress }, (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (chunk: Buffer) => chunks.push(chunk));
        reply.on('error', reject);
        reply.on('end', () => {
          const headers = new Headers();
          for (let i = 0; i + 1 < reply.rawHeaders.length; i += 2) headers.append(reply.rawHeaders[i]!, reply.rawHeaders[i + 1]!);
          resolve(new Response(Buffer.concat(chunks), { status: reply.statusCode ?? 500, headers }));
        });
      });
      sent.on('error', reject);
      sent.end(init.body);
    });
}

// A webhook receiver for the tests: an HTTP server on a loopback port that records every request
// (headers and the exact body) and answers as the test says: a status, or not at all (held until
// released, as a hung receiver would).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Answer = number | 'hang';

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** How the next requests are answered, in turn; then `otherwise`. */
  answers: Answer[];
  otherwise: Answer;
  /** Answers every held request with 200. */
  release(): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hook'): Promise<WebhookReceiver> {
  const held: ServerResponse[] = [];
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    answers: [],
    otherwise: 200,
    release() {
      for (const response of held.splice(0)) if (!response.writableEnded) response.writeHead(200).end();
    },
    close: () =>
      new Promise((resolve) => {
        receiver.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const answer = receiver.answers.shift() ?? receiver.otherwise;
      if (answer === 'hang') held.push(response);
      else response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}

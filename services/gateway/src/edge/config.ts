// The edge's settings (hold-proxy.ts); it listens on the gateway's PORT and HOST.
import { z } from '@airwave/config';

export const edgeConfig = {
  EDGE_UPSTREAM: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:8081')
    .default('127.0.0.1:8081')
    .describe('The edge process (`node dist/edge/main.js`, compose): where the gateway it holds requests for listens, as host:port.'),
  EDGE_HOLD_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .default(30_000)
    .describe('The edge process: how long a request waits for a gateway that is restarting before it is answered 503 with Retry-After, in milliseconds.'),
};

/** EDGE_UPSTREAM as the host and port to connect to. */
export function upstreamOf(value: string): { host: string; port: number } {
  const at = value.lastIndexOf(':');
  return { host: value.slice(0, at), port: Number(value.slice(at + 1)) };
}

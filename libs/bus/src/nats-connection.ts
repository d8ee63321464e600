// The NATS connection: how it is opened (reconnecting forever) and how its status is followed.
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { BusStatus } from './types';

/** Connects to NATS; fails with a readable error when the first connection attempt does. */
export async function openNatsConnection(url: string, name: string | undefined, credentials: { user?: string; pass?: string; inboxPrefix?: string } = {}): Promise<NatsConnection> {
  try {
    return await connect({
      ...credentials,
      servers: url.split(','),
      name: name ?? 'airwave',
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      timeout: 3000,
      waitOnFirstConnect: false,
      // No stack trace captured up front for every request (two Error objects each): request
      // errors are mapped to AirwaveError by code anyway, and this was a tenth of the gateway's CPU.
      noAsyncTraces: true,
    });
  } catch (error) {
    throw new Error(`Cannot reach NATS at ${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Reports the connection's status as the bus's: reconnecting while disconnected, closed for good. */
export function followStatus(nc: NatsConnection, onChange: (status: BusStatus) => void): void {
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnecting') onChange('reconnecting');
      else if (status.type === 'reconnect') onChange('connected');
      else if (status.type === 'close') onChange('closed');
    }
  })().catch(() => undefined);
}

// AirwaveStack is started when every service answers through the gateway, not when each container
// says it is ready: one read per service, as admin, retried until the deadline.
import { loggedInClient } from './admin-client';

export async function throughGateway(baseUrl: string, adminPassword: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let pending = 'account (login)';
  for (;;) {
    try {
      const client = await loggedInClient(baseUrl, 'admin', adminPassword);
      pending = 'account';
      await client.account.uid({});
      pending = 'media';
      await client.media.formatsGet({});
      pending = 'scheduling';
      await client.scheduling.playerList({});
      pending = 'modules';
      await client.modules.list({});
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`AirwaveStack: the gateway is up but ${pending} does not answer through it: ${reason}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

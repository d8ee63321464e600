export * from './types';
export * from './in-process';
export * from './nats';
export { streamName, subjectMatches } from './subjects';
export { deadlineOf, withDeadline } from './deadline';
export { JsonText } from './json-text';
export { natsAuthorization, natsPasswordVariable, newNatsPassword } from './nats-authorization';
import { createInProcessBus } from './in-process';
import { connectNatsBus } from './nats';
import type { NatsBusOptions } from './nats';
import type { Bus } from './types';

/** NATS when a URL is given, else the in-process bus (the embedded default). */
export async function createBus(options: NatsBusOptions & { natsUrl?: string }): Promise<Bus> {
  return options.natsUrl ? connectNatsBus(options.natsUrl, options) : createInProcessBus(options);
}

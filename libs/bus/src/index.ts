export * from './types';
export * from './in-process';
export * from './nats';
export { streamName, subjectMatches } from './subjects';
export { deadlineOf, withDeadline } from './deadline';
export { JsonText } from './json-text';
import { createInProcessBus } from './in-process';
import { connectNatsBus } from './nats';
import type { Bus, BusOptions } from './types';

/** NATS when a URL is given, else the in-process bus (the embedded default). */
export async function createBus(options: BusOptions & { natsUrl?: string; name?: string }): Promise<Bus> {
  return options.natsUrl ? connectNatsBus(options.natsUrl, options) : createInProcessBus(options);
}

// The gateway's part for benchmarks that call services directly over the bus: one key pair for the
// process, the services' opener, and the bus as the gateway sends on it (principals sealed).
import type { Bus } from '@airwave/bus';
import { processSeals, sealingBus } from '@airwave/service-kit';

export const seals = processSeals(undefined);

/** The bus as the gateway uses it: a request's principal carries the gateway's seal. */
export const asGateway = (bus: Bus): Bus => sealingBus(bus, seals.sealer);

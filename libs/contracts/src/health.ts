// Every service answers a health request on the bus, so readiness can see the whole system.
import { z } from 'zod';
import { defineOperation } from './operation';
import { Empty } from './common';

export const HealthReport = z.object({ service: z.string(), ok: z.boolean(), checks: z.record(z.string(), z.boolean()) });

export const healthOf = (service: string) =>
  defineOperation({ subject: `${service}.health`, input: Empty, output: HealthReport, auth: 'none' });

export const services = ['account', 'media', 'scheduling', 'modules'] as const;
/** The playout service (issue 34) is optional: readiness does not wait for it. */
export type ServiceName = (typeof services)[number] | 'playout';

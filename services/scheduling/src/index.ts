// The scheduling service. For now it starts, owns its schema and answers its health request.
import { bindHealth, type ServiceDefinition } from '@airwave/service-kit';

export const schedulingService: ServiceDefinition = {
  name: 'scheduling',
  schema: 'scheduling',
  migrations: {},
  async start({ bus, database }) {
    const subscriptions = [await bindHealth(bus, 'scheduling', database)];
    return {
      async stop() {
        await Promise.all(subscriptions.map((s) => s.unsubscribe()));
      },
    };
  },
};

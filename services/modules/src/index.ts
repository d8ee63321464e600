// The modules service. For now it starts, owns its schema and answers its health request.
import { bindHealth, type ServiceDefinition } from '@airwave/service-kit';

export const modulesService: ServiceDefinition = {
  name: 'modules',
  schema: 'modules',
  migrations: {},
  async start({ bus, database }) {
    const subscriptions = [await bindHealth(bus, 'modules', database)];
    return {
      async stop() {
        await Promise.all(subscriptions.map((s) => s.unsubscribe()));
      },
    };
  },
};

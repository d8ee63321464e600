// The media service. For now it starts, owns its schema and answers its health request.
import { bindHealth, type ServiceDefinition } from '@airwave/service-kit';

export const mediaService: ServiceDefinition = {
  name: 'media',
  schema: 'media',
  migrations: {},
  async start({ bus, database }) {
    const subscriptions = [await bindHealth(bus, 'media', database)];
    return {
      async stop() {
        await Promise.all(subscriptions.map((s) => s.unsubscribe()));
      },
    };
  },
};

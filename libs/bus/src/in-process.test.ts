import { busSuite } from './bus.suite';
import { createInProcessBus, createInProcessHub } from './in-process';

busSuite('in-process bus', async () => {
  const hub = createInProcessHub();
  const a = createInProcessBus({ hub, prefix: 'test' });
  const b = createInProcessBus({ hub, prefix: 'test' });
  return {
    a,
    b,
    cleanup: async () => {
      await a.drain();
      await b.drain();
    },
  };
});

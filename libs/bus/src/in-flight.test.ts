import { describe, expect, it } from 'vitest';
import { InFlight } from './in-flight';

describe('InFlight', () => {
  it('is idle at once with nothing running, and only after the last running handler finishes', async () => {
    const inFlight = new InFlight();
    await inFlight.idle();
    inFlight.start();
    inFlight.start();
    let idle = 0;
    const waiters = [inFlight.idle().then(() => (idle += 1)), inFlight.idle().then(() => (idle += 1))];
    inFlight.finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(idle).toBe(0);
    inFlight.finish();
    await Promise.all(waiters);
    expect(idle).toBe(2);
    // Busy again after being idle: a new waiter waits again.
    inFlight.start();
    let again = false;
    const waiter = inFlight.idle().then(() => (again = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(again).toBe(false);
    inFlight.finish();
    await waiter;
    expect(again).toBe(true);
  });
});

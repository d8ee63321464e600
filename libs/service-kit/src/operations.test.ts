import { createInProcessBus } from '@airwave/bus';
import { defineOperation } from '@airwave/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bindOperation, callOperation, traceOf, type LogTrace } from './operations';

const inner = defineOperation({ subject: 'test.inner', input: z.object({}), output: z.unknown(), auth: 'none' });
const outer = defineOperation({ subject: 'test.outer', input: z.object({}), output: z.unknown(), auth: 'none' });

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

describe('traceOf', () => {
  it('takes the request id and the trace id of a W3C traceparent, and nothing from malformed ones', () => {
    expect(traceOf({ 'x-request-id': 'r-1', traceparent: TRACEPARENT })).toEqual({ reqId: 'r-1', traceId: TRACE_ID });
    expect(traceOf({ traceparent: 'garbage' })).toEqual({});
    expect(traceOf({ traceparent: `01-${TRACE_ID}-00f067aa0ba902b7-01` })).toEqual({});
    expect(traceOf({})).toEqual({});
  });
});

describe('handler context', () => {
  const bus = createInProcessBus();
  afterAll(async () => {
    await bus.drain().catch(() => undefined);
  });

  it("gives each handler its request's trace and carries the request id and traceparent on to the next service when asked", async () => {
    const seen: { trace: LogTrace; headers: Record<string, string> }[] = [];
    await bindOperation(bus, inner, (_input, { trace, headers }) => {
      seen.push({ trace, headers });
      return null;
    });
    await bindOperation(bus, outer, async (_input, call) => {
      seen.push({ trace: call.trace, headers: call.headers });
      await callOperation(bus, inner, {}, { within: call });
      // Without `within`, a call starts afresh: nothing is inherited behind the caller's back.
      await callOperation(bus, inner, {});
      return null;
    });
    await Promise.all([
      callOperation(bus, outer, {}, { headers: { 'x-request-id': 'req-1', traceparent: TRACEPARENT } }),
      callOperation(bus, outer, {}, { headers: { 'x-request-id': 'req-2' } }),
    ]);
    const traces = seen.map((s) => s.trace);
    expect(traces.filter((t) => t.reqId === 'req-1')).toEqual([
      { reqId: 'req-1', traceId: TRACE_ID },
      { reqId: 'req-1', traceId: TRACE_ID },
    ]);
    expect(traces.filter((t) => t.reqId === 'req-2')).toEqual([{ reqId: 'req-2' }, { reqId: 'req-2' }]);
    expect(traces.filter((t) => t.reqId === undefined)).toEqual([{}, {}]);
    // The traceparent itself reached the inner handler (the outer one and the one called `within` it).
    expect(seen.filter((s) => s.headers.traceparent === TRACEPARENT)).toHaveLength(2);
  });
});

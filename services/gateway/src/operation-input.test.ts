import { scheduling } from '@airwave/contracts';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { checkInput, holdsNul, operationFields, refuseUnknownParameters, requestSource } from './operation-input';

const requestWith = (query: unknown, body: unknown) => ({ query, body }) as FastifyRequest;

describe('operation input', () => {
  it('reads GET from the query, DELETE from the query and a JSON body, others from the body', () => {
    expect(requestSource('GET', requestWith({ id: '1' }, { id: 2 }))).toEqual({ id: '1' });
    expect(requestSource('DELETE', requestWith({ id: '1', k: 'x' }, { id: [3, 4] }))).toEqual({ id: [3, 4], k: 'x' });
    expect(requestSource('DELETE', requestWith({ id: '1' }, ['not', 'an', 'object']))).toEqual({ id: '1' });
    expect(requestSource('PUT', requestWith({}, undefined))).toEqual({});
    expect(() => requestSource('POST', requestWith({}, [1, 2]))).toThrow('The request body must be a JSON object.');
  });

  it('drops credentials, unwraps d, and forgets the new-record id on creation routes only', () => {
    expect(operationFields({ i: '4', k: 'key', d: '{"id":0,"name":"A"}' }, true)).toEqual({ name: 'A' });
    expect(operationFields({ id: '', name: 'A' }, true)).toEqual({ name: 'A' });
    expect(operationFields({ id: 0, name: 'A' }, false)).toEqual({ id: 0, name: 'A' });
    expect(operationFields({ id: 7, name: 'A' }, true)).toEqual({ id: 7, name: 'A' });
  });

  it('refuses query parameters the operation does not read, naming them', () => {
    const op = scheduling.timeslotList;
    expect(() => refuseUnknownParameters(op, { start: '1', end: '2', player: '1', _: '9' }, {})).not.toThrow();
    expect(() => refuseUnknownParameters(op, { start: '1', end: '2', plyer: '1', q: 'x' }, {})).toThrow('Invalid input: unknown query parameters plyer, q');
  });

  it('refuses invalid input and NUL characters, even inside parsed values', () => {
    expect(() => checkInput(scheduling.playerCreate, { name: 'Studio A', timezone: 'Nowhere' })).toThrow(/timezone/);
    expect(() => checkInput(scheduling.playerCreate, { name: 'Studio\u0000A', timezone: 'UTC' })).toThrow(/NUL/);
    expect(holdsNul({ a: [{ ['b\u0000']: 1 }] })).toBe(true);
    expect(holdsNul({ a: ['\\u0000'] })).toBe(false);
  });
});

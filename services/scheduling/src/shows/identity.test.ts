import { describe, expect, it } from 'vitest';
import { identityColumns } from './identity';

describe("a show's identity on save", () => {
  it('sets only what is sent: absent keeps, null or empty clears, a colour in lower case', () => {
    expect(identityColumns({})).toEqual({});
    expect(identityColumns({ name: ' Morning Mix ', colour: '#A0B1C2' })).toEqual({ name: 'Morning Mix', colour: '#a0b1c2' });
    expect(identityColumns({ name: '', description: null, colour: null })).toEqual({ name: null, description: null, colour: null });
  });
});

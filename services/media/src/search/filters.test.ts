import fc from 'fast-check';
import { filterFields, filterOpAliases, filterOps } from '@airwave/contracts';
import { describe, expect, it } from 'vitest';
import { parseFilters } from './filters';

describe('advanced filter parser', () => {
  it('accepts every known field with every operator or alias, normalizing aliases', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            filter: fc.constantFrom(...filterFields),
            op: fc.constantFrom(...filterOps, ...Object.keys(filterOpAliases)),
            val: fc.oneof(fc.string({ maxLength: 50 }), fc.integer(), fc.boolean()),
          }),
          { maxLength: 10 },
        ),
        (filters) => {
          const parsed = parseFilters(filters);
          expect(parsed).toHaveLength(filters.length);
          parsed.forEach((p, i) => expect(p.op).toBe(filterOpAliases[filters[i]!.op] ?? filters[i]!.op));
        },
      ),
    );
  });

  it('refuses unknown fields, operators and shapes with a 400 naming the filter', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !(filterFields as readonly string[]).includes(s)),
        fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !(filterOps as readonly string[]).includes(s) && !(s in filterOpAliases)),
        fc.nat(5),
        (field, op, position) => {
          const good = { filter: 'title', op: 'contains', val: 'x' };
          const filters = Array.from({ length: position + 1 }, () => good);
          for (const bad of [{ ...good, filter: field }, { ...good, op }, { ...good, val: { nested: true } }, 'not an object']) {
            filters[position] = bad as never;
            let error: unknown;
            try {
              parseFilters(filters);
            } catch (e) {
              error = e;
            }
            expect(error).toMatchObject({ code: 'bad_request' });
            expect(String((error as Error).message)).toContain(`filters.${position}`);
          }
        },
      ),
    );
  });
});

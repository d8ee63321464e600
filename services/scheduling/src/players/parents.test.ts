// Parent players stay one level deep: the decision, for every combination of facts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parentProblem } from './parents';

describe('parentProblem', () => {
  it('takes no parent, or a parent that has none for a player that has no children', () => {
    expect(parentProblem({ id: 3, parentId: null, parent: undefined, children: 4 })).toBeNull();
    expect(parentProblem({ id: 3, parentId: 1, parent: { parent_player_id: null }, children: 0 })).toBeNull();
    expect(parentProblem({ id: undefined, parentId: 1, parent: { parent_player_id: null }, children: 0 })).toBeNull();
  });

  it('refuses itself and an unknown player (400), a child as parent and a parent as child (409)', () => {
    expect(parentProblem({ id: 3, parentId: 3, parent: { parent_player_id: null }, children: 0 })).toMatchObject({ code: 'bad_request', message: 'Invalid input: parent_player_id: a player cannot be its own parent' });
    expect(parentProblem({ id: 3, parentId: 9, parent: undefined, children: 0 })).toMatchObject({ code: 'bad_request' });
    expect(parentProblem({ id: 3, parentId: 1, parent: { parent_player_id: 5 }, children: 0 })).toMatchObject({ code: 'conflict', details: { parent_player_id: 1, its_parent: 5 } });
    expect(parentProblem({ id: 3, parentId: 1, parent: { parent_player_id: null }, children: 2 })).toMatchObject({ code: 'conflict', details: { children: 2 } });
  });

  it('never allows a chain: an accepted parent has no parent, an accepted child has no children', () => {
    const facts = fc.record({
      id: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
      parentId: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
      parent: fc.option(fc.record({ parent_player_id: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }) }), { nil: undefined }),
      children: fc.nat(3),
    });
    fc.assert(
      fc.property(facts, (f) => {
        const accepted = parentProblem(f) === null;
        if (accepted && f.parentId !== null) {
          expect(f.parent?.parent_player_id).toBeNull();
          expect(f.children).toBe(0);
          expect(f.parentId).not.toBe(f.id);
        }
      }),
    );
  });
});

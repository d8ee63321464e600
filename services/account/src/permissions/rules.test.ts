import { describe, expect, it } from 'vitest';
import { moduleCatalogueRows, moduleCategory, permissionBases } from './rules';

describe('the permission catalogue', () => {
  it('checks grants by their base name, each once', () => {
    expect(permissionBases(['manage_timeslots:3', 'manage_timeslots', 'manage_shows:1'])).toEqual(['manage_timeslots', 'manage_shows']);
    expect(permissionBases([])).toEqual([]);
  });

  it('files a module\'s permissions under the module', () => {
    expect(moduleCategory('notes')).toBe('module:notes');
    expect(moduleCatalogueRows('notes', [{ name: 'notes_write', description: 'Write notes.' }])).toEqual([
      { name: 'notes_write', category: 'module:notes', description: 'Write notes.' },
    ]);
  });
});

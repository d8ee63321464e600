import type { DiscoveredModule } from '@airwave/service-kit';
import { describe, expect, it } from 'vitest';
import { moduleInfo, moduleListing } from './rules';

const module = (name: string, extra: Partial<DiscoveredModule> = {}): DiscoveredModule => ({
  name,
  dir: `/srv/modules/${name}`,
  manifest: { name, version: '1.2.0', description: `The ${name} module`, permissions: [{ name: `${name}_edit`, description: 'Edit.' }] },
  definition: null,
  error: null,
  ...extra,
});

describe('a module as listed', () => {
  it('shows its manifest, folder name and install time', () => {
    expect(moduleInfo(module('notes'), new Date(0))).toEqual({
      name: 'notes',
      dir: 'notes',
      version: '1.2.0',
      description: 'The notes module',
      permissions: ['notes_edit'],
      installed_at: '1970-01-01T00:00:00.000Z',
      error: null,
    });
  });

  it('shows the installed version over the one on disk, and defaults without a manifest', () => {
    expect(moduleInfo(module('notes'), null, '1.0.0').version).toBe('1.0.0');
    expect(moduleInfo(module('broken', { manifest: null, error: 'bad manifest' }), null)).toMatchObject({
      version: '0.0.0',
      description: '',
      permissions: [],
      error: 'bad manifest',
    });
  });
});

describe('the module listing', () => {
  const discovered = new Map(['playlog', 'notes', 'alpha'].map((name) => [name, module(name)]));

  it('splits installed from available, available by name', () => {
    const listing = moduleListing(discovered, [{ name: 'playlog', version: '1.0.0', installed_at: new Date(0) }]);
    expect(listing.installed.map((m) => [m.name, m.version])).toEqual([['playlog', '1.0.0']]);
    expect(listing.available.map((m) => m.name)).toEqual(['alpha', 'notes']);
  });

  it('leaves out an installed module missing from disk', () => {
    const listing = moduleListing(discovered, [{ name: 'gone', version: '1.0.0', installed_at: new Date(0) }]);
    expect(listing.installed).toEqual([]);
    expect(listing.available).toHaveLength(3);
  });
});

import type { DiscoveredModule } from '@airwave/service-kit';
import { describe, expect, it } from 'vitest';
import { claimRefusal, isInstallable, refreshRequired, STALE_CLAIM_MS } from './rules';

describe('claiming a module name for an install', () => {
  const now = Date.UTC(2026, 0, 1);

  it('is free when nothing holds the name', () => {
    expect(claimRefusal('notes', undefined, now)).toBeNull();
  });

  it('is refused when the module is installed', () => {
    expect(claimRefusal('notes', { state: 'installed', installed_at: new Date(0) }, now)).toBe('Module "notes" is already installed.');
  });

  it('is refused while another install runs, and taken over once that claim is stale', () => {
    const fresh = { state: 'installing' as const, installed_at: new Date(now - STALE_CLAIM_MS + 1) };
    const stale = { state: 'installing' as const, installed_at: new Date(now - STALE_CLAIM_MS) };
    expect(claimRefusal('notes', fresh, now)).toBe('Module "notes" is being installed.');
    expect(claimRefusal('notes', stale, now)).toBeNull();
  });
});

describe('an installable module', () => {
  const ok: DiscoveredModule = {
    name: 'notes',
    dir: '/m/notes',
    manifest: { name: 'notes', version: '1.0.0', description: '', permissions: [] },
    definition: { migrations: {}, operations: {}, bind: async () => [] },
    error: null,
  };

  it('has a manifest, code and no error', () => {
    expect(isInstallable(ok)).toBe(true);
    expect(isInstallable({ ...ok, error: 'does not compile', definition: null })).toBe(false);
    expect(isInstallable({ ...ok, manifest: null })).toBe(false);
  });

  it('is answered with a request to refresh', () => {
    expect(refreshRequired('notes')).toEqual({ name: 'notes', refresh_required: true });
  });
});

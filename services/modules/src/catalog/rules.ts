// How the modules on disk and the install table become the list administrators see.
import { basename } from 'node:path';
import type { DiscoveredModule } from '@airwave/service-kit';

export function moduleInfo(module: DiscoveredModule, installedAt: Date | null, version?: string) {
  return {
    name: module.name,
    dir: basename(module.dir),
    version: version ?? module.manifest?.version ?? '0.0.0',
    description: module.manifest?.description ?? '',
    permissions: module.manifest?.permissions.map((p) => p.name) ?? [],
    installed_at: installedAt?.toISOString() ?? null,
    error: module.error,
  };
}

/**
 * Installed modules (with the version they were installed at; one missing from disk is left out)
 * and the available ones, by name.
 */
export function moduleListing(discovered: Map<string, DiscoveredModule>, installed: { name: string; version: string; installed_at: Date }[]) {
  const installedNames = new Set(installed.map((r) => r.name));
  return {
    installed: installed.filter((r) => discovered.has(r.name)).map((r) => moduleInfo(discovered.get(r.name)!, r.installed_at, r.version)),
    available: [...discovered.values()]
      .filter((m) => !installedNames.has(m.name))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((m) => moduleInfo(m, null)),
  };
}

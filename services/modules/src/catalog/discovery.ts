// The modules on disk (MODULES_DIR), found once at start.
import { notFound } from '@airwave/contracts';
import type { Logger } from '@airwave/logging';
import { discoverModules, modulesDirs, type DiscoveredModule } from '@airwave/service-kit';

export interface Catalog {
  modules: Map<string, DiscoveredModule>;
  /** The module of that name; 404 when there is none. */
  find(name: string): DiscoveredModule;
}

export async function discoverCatalog(modulesDir: string | undefined, logger: Logger): Promise<Catalog> {
  const modules = await discoverModules(modulesDirs(modulesDir));
  for (const module of modules.values()) {
    if (module.error) logger.warn({ module: module.name, error: module.error }, 'Module cannot be installed');
  }
  return {
    modules,
    find(name) {
      const module = modules.get(name);
      if (!module) throw notFound(`No module named "${name}".`);
      return module;
    },
  };
}

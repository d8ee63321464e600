// What a module is in code (how modules are discovered is module-discovery.ts). A module is a
// folder with `manifest.json` (name, version, description, permissions) and `src/index.ts` whose
// default export is `defineModule({...})`: its migrations (run in schema `module_<name>`), its
// operations (HTTP routes under /api/v2/<name>/…) and the bus handlers that answer them.
import type { Bus, Subscription } from '@airwave/bus';
import type { ModuleManifest, Operation } from '@airwave/contracts';
import type { AnyDB, SchemaMigration } from '@airwave/db';
import type { Logger } from '@airwave/logging';
import type { ServiceEvents } from './service';

export interface ModuleContext {
  /** Handle bound to the module's own schema `module_<name>`. */
  db: AnyDB;
  bus: Bus;
  logger: Logger;
  events: ServiceEvents;
}

export interface ModuleDefinition {
  migrations: Record<string, SchemaMigration>;
  operations: Record<string, Operation>;
  /** Binds the module's bus handlers; called on install and at start of every modules replica. */
  bind(context: ModuleContext): Promise<Subscription[]>;
}

export const defineModule = (definition: ModuleDefinition): ModuleDefinition => definition;

export interface DiscoveredModule {
  name: string;
  dir: string;
  manifest: ModuleManifest | null;
  definition: ModuleDefinition | null;
  /** Why the module cannot be installed. */
  error: string | null;
}

export const moduleSchema = (name: string) => `module_${name}`;

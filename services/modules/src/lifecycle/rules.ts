// Rules of installing: a module must have compiled, and a name is claimed while its migrations run.
import type { DiscoveredModule, ModuleDefinition } from '@airwave/service-kit';
import type { ModuleManifest } from '@airwave/contracts';

/** A claim older than this is from an install that died; a new install may take it over. */
export const STALE_CLAIM_MS = 5 * 60 * 1000;

/** Why a new install of `name` must wait or stop (409), or null when the name is free to claim. */
export function claimRefusal(name: string, existing: { state: 'installing' | 'installed'; installed_at: Date } | undefined, now: number): string | null {
  if (existing?.state === 'installed') return `Module "${name}" is already installed.`;
  if (existing && now - existing.installed_at.getTime() < STALE_CLAIM_MS) return `Module "${name}" is being installed.`;
  return null;
}

export type InstallableModule = DiscoveredModule & { manifest: ModuleManifest; definition: ModuleDefinition };

/** A module that failed to load (bad manifest, code that does not compile) cannot be installed. */
export function isInstallable(module: DiscoveredModule): module is InstallableModule {
  return !module.error && module.manifest !== null && module.definition !== null;
}

/** Every lifecycle reply: clients rebuild their menus from the new permissions. */
export const refreshRequired = (name: string) => ({ name, refresh_required: true as const });

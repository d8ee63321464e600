// Which audio engine this replica has: Liquidsoap when `liquidsoap` is on the PATH (and
// PLAYOUT_ENGINE is not off), else none, with the reason and how to enable it (docs/playout.md).
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import type { EngineFactory } from './leases/supervisor';

export interface EngineChoice {
  engine: EngineFactory | null;
  name: string | null;
  reason: string | null;
  /** The Liquidsoap binary found, when the engine is Liquidsoap. */
  binary: string | null;
}

/** The first executable `name` on the PATH, or null. */
export async function onPath(name: string, path = process.env.PATH ?? ''): Promise<string | null> {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    if (await access(candidate, constants.X_OK).then(() => true, () => false)) return candidate;
  }
  return null;
}

export const HOW_TO_ENABLE = 'Install Liquidsoap (Debian/Ubuntu: `apt-get install liquidsoap`) so that `liquidsoap` is on the PATH, then restart; or run the airwave/playout image (docs/playout.md).';

/** The engine to air with: `liquidsoap` makes the Liquidsoap engine's factory for the binary found. */
export async function chooseEngine(setting: 'auto' | 'off', liquidsoap: ((binary: string) => EngineFactory) | null, path?: string): Promise<EngineChoice> {
  if (setting === 'off') return { engine: null, name: null, reason: 'PLAYOUT_ENGINE is off: this replica airs nothing.', binary: null };
  const binary = await onPath('liquidsoap', path);
  if (!binary) return { engine: null, name: null, reason: `Liquidsoap is not on the PATH, so this server airs nothing itself. ${HOW_TO_ENABLE}`, binary: null };
  if (!liquidsoap) return { engine: null, name: null, reason: 'This build has no Liquidsoap engine yet.', binary: null };
  return { engine: liquidsoap(binary), name: 'liquidsoap', reason: null, binary };
}

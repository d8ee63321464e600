// The key the scheduling service seals players' and live shows' Icecast source passwords with when
// it answers the playout over the bus (issue 42): anything else that reads those answers off the
// bus gets sealed values. AIRWAVE_PLAYOUT_KEY, on the scheduling and playout services only; a
// system in one process makes its own (docs/decisions/bus-security.md, "Secrets on the bus").
import { optionalChecked } from '@airwave/config';
import { keyringProblem, newKey, parseKeyring, secretBox, type SecretBox } from './secret-box';

export const PLAYOUT_KEY = 'AIRWAVE_PLAYOUT_KEY';

export const playoutKeyConfig = optionalChecked(keyringProblem)
    .describe(
    "Key sealing Icecast source passwords on their way from the scheduling service to the playout over the bus: 32 random bytes in base64 (`openssl rand -base64 32`), the same on both and on no other process; several separated by commas while rotating (the first seals). Unset in a service process: the scheduling service answers no source passwords and the playout airs no player that needs one. The embedded default makes its own.",
  );

/** The box of a configured AIRWAVE_PLAYOUT_KEY, or null. */
export const playoutSecretBox = (value: string | undefined): SecretBox | null => (value ? secretBox(parseKeyring(value)) : null);

/** A key for a process that runs the scheduling and playout services together. */
export const newPlayoutKey = (): string => newKey().toString('base64');

/** What a sealed source password is bound to: a player's own, or a live show's (a value copied to another does not open). */
export const sourceOwner = {
  player: (id: number) => `playout:player:${id}`,
  show: (id: number) => `playout:show:${id}`,
};

/** A source password sealed for the playout (null stays null; no key: null, nothing answered in clear). */
export function sealForPlayout(box: SecretBox | null, password: string | null, owner: string): string | null {
  if (password === null || !box) return null;
  return box.seal(password, owner);
}

/** A source password the scheduling service sealed for the playout, in clear (null: none, or not for this key). */
export function openForPlayout(box: SecretBox | null, sealed: string | null | undefined, owner: string): string | null {
  if (!sealed || !box) return null;
  try {
    return box.open(sealed, owner);
  } catch {
    return null;
  }
}

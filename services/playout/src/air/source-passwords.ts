// The Icecast source passwords the scheduling service answers sealed for the playout (issue 42:
// whatever else reads the bus sees sealed values), opened with AIRWAVE_PLAYOUT_KEY. A value that
// does not open (no key, another key) is no password: the player's output then cannot connect, and
// the engine's log says Icecast refused it.
import type { AiredPlayer, PlayoutRundownBlock } from '@airwave/contracts';
import { openForPlayout, sourceOwner, type SecretBox } from '@airwave/service-kit';

export const openPlayers = (key: SecretBox | null, players: AiredPlayer[]): AiredPlayer[] =>
  players.map((player) => ({ ...player, source_password: openForPlayout(key, player.source_password, sourceOwner.player(player.id)) }));

/** Each linein block's own source password (a live show's), opened. */
export const openBlocks = <B extends PlayoutRundownBlock>(key: SecretBox | null, blocks: B[]): B[] =>
  blocks.map((block) => {
    const sealed = (block as { source_password?: string | null }).source_password;
    return block.kind === 'linein' && sealed ? { ...block, source_password: openForPlayout(key, sealed, sourceOwner.show(block.show_id)) } : block;
  });

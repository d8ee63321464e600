// What the rundown's clock blocks need (RotationCell): the categories' names (read once), whether
// the user may replace a song (manage_players), and the block a replacement answers put in place.
import { useEffect, useMemo, useState } from 'react';
import { api } from '../lib/api';
import type { Category } from '../clocks/clock-types';
import { useSession } from '../session/session-context';
import type { ClockContext } from './RotationCell';
import type { Block } from './rundown-types';

export function useClockContext(playerId: number | undefined, setBlocks: (update: (blocks: Block[] | null) => Block[] | null) => void): ClockContext | undefined {
  const canReplace = useSession().can('manage_players');
  const [categories, setCategories] = useState<Category[]>([]);
  useEffect(() => {
    api.scheduling.clockCategories({}).then(setCategories, () => undefined);
  }, []);
  return useMemo(
    () =>
      playerId === undefined
        ? undefined
        : {
            categories,
            playerId,
            canReplace,
            onReplaced: (next: Block) => setBlocks((blocks) => blocks?.map((b) => (b.kind === 'clock' && b.start === next.start ? next : b)) ?? null),
          },
    [categories, playerId, canReplace, setBlocks],
  );
}

import { useTranslation } from 'react-i18next';
import { Select } from '@mantine/core';
import type { Player } from './player-types';

/** Which player a page shows. */
export function PlayerSelect({ players, player, onChoose }: { players: Player[]; player: Player | null; onChoose: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('Player')}
      w={260}
      allowDeselect={false}
      data={players.map((p) => ({ value: String(p.id), label: p.name }))}
      value={player ? String(player.id) : null}
      onChange={(v) => v && onChoose(Number(v))}
    />
  );
}

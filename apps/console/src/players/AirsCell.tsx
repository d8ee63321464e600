// The players table's "Airs" cell: who airs the player and its state in plain words, and for one
// Airwave airs, where a live show's source client connects (host:port/mount), managers only.
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Player } from './player-types';
import { airWords, harborOf, type PlayoutStatus } from './playout-words';

export function AirsCell({ player, status }: { player: Player; status: PlayoutStatus | null }) {
  const { t } = useTranslation();
  const harbor = player.playout === 'airwave' ? harborOf(player.id, status) : null;
  const host = harbor?.host ?? t('its host');
  return (
    <>
      <Text size="sm">{airWords(player, status)}</Text>
      {harbor && (
        <Text size="xs" c="dimmed">
          {harbor.this_host_only ? t('Live source: {{address}}, on this server only', { address: `${host}:${harbor.port}${harbor.mount}` }) : t('Live source: {{address}}', { address: `${host}:${harbor.port}${harbor.mount}` })}
        </Text>
      )}
    </>
  );
}

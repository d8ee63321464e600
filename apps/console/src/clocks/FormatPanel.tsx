// A player's format (the clocks tab's third part): which player, then its clock grid and its
// rotation rules, each saved on its own (PUT /players/{id}/format sends one and keeps the other).
import { useTranslation } from 'react-i18next';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { api, messageOf } from '../lib/api';
import { PlayerSelect } from '../players/PlayerSelect';
import { remembered, usePlayerChoice } from '../players/use-player-choice';
import { zoneName } from '../schedule/recurrence';
import type { Clock, Format, GridCell, Rules } from './clock-types';
import { FormatGrid } from './FormatGrid';
import { RotationRulesForm } from './RotationRulesForm';

export function FormatPanel({ clocks, manage }: { clocks: Clock[]; manage: boolean }) {
  const { t } = useTranslation();
  const { players, player, choose, error: playersError } = usePlayerChoice(remembered.shows);
  const [format, setFormat] = useState<Format | null>(null);
  const [error, setError] = useState<string | null>(null);
  const playerId = player?.id;
  useEffect(() => {
    if (!playerId) return;
    let current = true;
    setFormat(null);
    api.scheduling.formatGet({ id: playerId }).then(
      (answer) => current && (setError(null), setFormat(answer)),
      (failure) => current && setError(messageOf(failure)),
    );
    return () => {
      current = false;
    };
  }, [playerId]);
  const save = async (part: { grid: GridCell[] } | { rules: Rules }, message: string) => {
    setFormat(await api.scheduling.formatSave({ id: playerId!, ...part }));
    notifications.show({ color: 'green', message });
  };
  return (
    <Stack mt="sm">
      {players?.length === 0 && <Text>{t('No players yet: create one on the Players page.')}</Text>}
      {(error ?? playersError) && <Alert color="red" role="alert">{error ?? playersError}</Alert>}
      <Group align="flex-end">{players && players.length > 0 && <PlayerSelect players={players} player={player} onChoose={choose} />}</Group>
      {player?.parent_player_id && player.use_parent_schedule && <Alert color="blue">{t('This player takes its parent’s schedule, and with it its parent’s format: what is set here does not air.')}</Alert>}
      {player && format && format.player_id === player.id && (
        <>
          <FormatGrid key={`grid-${player.id}`} grid={format.grid} clocks={clocks} manage={manage} zone={zoneName(player.timezone)} onSave={(grid) => save({ grid }, t('The grid of {{name}} was saved.', { name: player.name }))} />
          <RotationRulesForm key={`rules-${player.id}`} rules={format.rules} manage={manage} onSave={(rules) => save({ rules }, t('The rules of {{name}} were saved.', { name: player.name }))} />
        </>
      )}
    </Stack>
  );
}

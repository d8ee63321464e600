import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { api, fieldErrors, messageOf } from '../lib/api';
import { browserZone, TimeZoneSelect } from '../players/TimeZoneSelect';
import type { Player } from './schedule-types';
import { useReturnFocus } from '../components/use-return-focus';

/**
 * A new player (manage_players): its name and the time zone its schedule is kept in. The zone is
 * never silently replaced: an empty one is refused here, not sent as UTC (issue 35, point 1).
 */
export function PlayerModal({ onClose, onSaved }: { onClose: () => void; onSaved: (player: Player) => void }) {
  const { t } = useTranslation();
  useReturnFocus();
  const [name, setName] = useState('');
  const [timezone, setTimezone] = useState<string | null>(browserZone);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (!timezone) return setErrors({ timezone: t('Choose the time zone the schedule is kept in') });
    try {
      onSaved(await api.scheduling.playerCreate({ name, description: '', timezone }));
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(messageOf(failure));
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('New player')}>
      <Stack>
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <TextInput label={t('Name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
        <TimeZoneSelect value={timezone} onChange={setTimezone} error={errors.timezone} />
        <Group justify="flex-end">
          <Button onClick={() => void save()}>{t('Create player')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

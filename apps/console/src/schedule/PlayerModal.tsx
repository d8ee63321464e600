import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { api, fieldErrors, messageOf } from '../lib/api';
import type { Player } from './schedule-types';

const zones = Intl.supportedValuesOf('timeZone');

/** A new player (manage_players): its name and the time zone its schedule is kept in. */
export function PlayerModal({ onClose, onSaved }: { onClose: () => void; onSaved: (player: Player) => void }) {
  const [name, setName] = useState('');
  const [timezone, setTimezone] = useState<string | null>(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    try {
      onSaved(await api.scheduling.playerCreate({ name, description: '', timezone: timezone ?? 'UTC' }));
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(messageOf(failure));
    }
  };
  return (
    <Modal opened onClose={onClose} title="New player">
      <Stack>
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
        <Select label="Time zone" searchable required data={zones} value={timezone} onChange={setTimezone} error={errors.timezone} />
        <Group justify="flex-end">
          <Button onClick={() => void save()}>Create player</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

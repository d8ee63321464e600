// A player's every field (docs/decisions/players.md): name, description, time zone, who airs it
// (OB Player with its sync password and address, or Airwave to an Icecast mount with its source
// password: PlayoutFields), what it can play, its station IDs and the default playlist, and its
// parent with what it takes from it. The server's refusals appear under their fields.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Checkbox, Fieldset, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { api, fieldErrors, messageOf } from '../lib/api';
import { MediaMultiPicker } from './MediaMultiPicker';
import { PlayoutFields } from './PlayoutFields';
import type { PlayoutStatus } from './playout-words';
import { draftOf, inheritable, inputOf, supports, type Player, type PlayerDraft, type PlaylistSummary } from './player-types';
import { TimeZoneSelect } from './TimeZoneSelect';
import { useReturnFocus } from '../components/use-return-focus';

interface Props {
  player: Player | null;
  players: Player[];
  playlists: PlaylistSummary[];
  /** GET /playout/status, or null when not read (no manage_players) or not answered. */
  status: PlayoutStatus | null;
  onClose: () => void;
  onSaved: (player: Player) => void;
}

export function PlayerForm({ player, players, playlists, status, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  useReturnFocus();
  const [draft, setDraft] = useState<PlayerDraft>(() => draftOf(player));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof PlayerDraft>(key: K, value: PlayerDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const save = async () => {
    if (!draft.timezone) return setErrors({ timezone: t('Choose the time zone the schedule is kept in') });
    try {
      const body = inputOf(draft, draft.timezone);
      onSaved(await (draft.id ? api.scheduling.playerSave({ ...body, id: draft.id }) : api.scheduling.playerCreate(body)));
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(messageOf(failure));
    }
  };
  const parents = players.filter((p) => p.id !== draft.id).map((p) => ({ value: String(p.id), label: p.name }));
  return (
    <Modal opened onClose={onClose} size="xl" title={player ? t('Edit player {{name}}', { name: player.name }) : t('New player')}>
      <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <Stack>
          {error && <Alert color="red" role="alert" title={t('Not saved')}>{error}</Alert>}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('Name')} required value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} />
            <TimeZoneSelect value={draft.timezone} onChange={(zone) => set('timezone', zone)} error={errors.timezone} />
          </SimpleGrid>
          <Textarea label={t('Description')} autosize minRows={2} value={draft.description} onChange={(e) => set('description', e.currentTarget.value)} error={errors.description} />
          <PlayoutFields draft={draft} player={player} status={status} errors={errors} set={set} />
          <Fieldset legend={t('It can play')}>
            <Group>
              {supports.map((s) => <Checkbox key={s.key} label={t(s.label)} checked={draft[s.key]} onChange={(e) => set(s.key, e.currentTarget.checked)} />)}
            </Group>
          </Fieldset>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <MediaMultiPicker label={t('Station IDs')} value={draft.station_ids} onChange={(ids) => set('station_ids', ids)} />
            <NumberInput label={t('Station ID image seconds')} min={1} value={draft.station_id_image_duration} onChange={(v) => set('station_id_image_duration', Number(v) || 0)} error={errors.station_id_image_duration} />
            <Select label={t('Default playlist')} description={t('Fills every gap')} clearable data={playlists.map((p) => ({ value: String(p.id), label: p.name }))} value={draft.default_playlist_id ? String(draft.default_playlist_id) : null} onChange={(v) => set('default_playlist_id', v ? Number(v) : null)} error={errors.default_playlist_id} />
          </SimpleGrid>
          <Fieldset legend={t('Parent player')}>
            <Stack gap="xs">
              <Select label={t('Parent player')} clearable data={parents} value={draft.parent_player_id ? String(draft.parent_player_id) : null} onChange={(v) => set('parent_player_id', v ? Number(v) : null)} error={errors.parent_player_id} />
              <Text size="sm" id="inherit-help">{t("Taken from the parent instead of this player's own:")}</Text>
              <Group aria-describedby="inherit-help">
                {inheritable.map((i) => <Checkbox key={i.key} label={t(i.label)} disabled={!draft.parent_player_id} checked={draft[i.key]} onChange={(e) => set(i.key, e.currentTarget.checked)} />)}
              </Group>
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('Cancel')}</Button>
            <Button type="submit">{player ? t('Save player') : t('Create player')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

// Who airs a player (docs/playout.md), in the player form: OB Player syncing from this server (its
// sync password and the address it is pinned to), or Airwave airing it to an Icecast mount (the
// mount's URL and its source password, write only like the sync password). What does not apply to
// the chosen one is hidden but kept. For a player already aired by Airwave, its state and where a
// live show's source client connects (GET /playout/status, read for manage_players only).
import { useTranslation } from 'react-i18next';
import { Checkbox, Fieldset, Group, NumberInput, PasswordInput, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { Player, PlayerDraft } from './player-types';
import { airWords, harborOf, harborWords, type PlayoutStatus } from './playout-words';

interface Props {
  draft: PlayerDraft;
  player: Player | null;
  status: PlayoutStatus | null;
  errors: Record<string, string>;
  set: <K extends keyof PlayerDraft>(key: K, value: PlayerDraft[K]) => void;
}

export function PlayoutFields({ draft, player, status, errors, set }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Radio.Group label={t('Who airs it')} value={draft.playout} onChange={(v) => set('playout', v === 'airwave' ? 'airwave' : 'external')} error={errors.playout}>
        <Group mt="xs">
          <Radio value="external" label={t('OB Player syncs from this server')} />
          <Radio value="airwave" label={t('Airwave airs it to an Icecast mount')} />
        </Group>
      </Radio.Group>
      {draft.playout === 'external' ? <SyncFields draft={draft} player={player} errors={errors} set={set} /> : <IcecastFields draft={draft} player={player} errors={errors} set={set} />}
      {draft.playout === 'external' && player?.has_icecast_source && <SourceRemoval draft={draft} set={set} />}
      {player?.playout === 'airwave' && status && <PlayoutState player={player} status={status} />}
    </Stack>
  );
}

type FieldProps = Omit<Props, 'status'>;

function SyncFields({ draft, player, errors, set }: FieldProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <PasswordInput label={t('Sync password')} description={player?.can_sync ? t('Set: leave empty to keep it') : t('None yet: the player cannot sync')} autoComplete="new-password" value={draft.password} onChange={(e) => set('password', e.currentTarget.value)} error={errors.password} />
      <TextInput label={t('Only from address (optional)')} description={t('Empty: any address')} value={draft.ip_address} onChange={(e) => set('ip_address', e.currentTarget.value)} error={errors.ip_address} />
      <TextInput label={t('Stream URL (optional)')} value={draft.stream_url} onChange={(e) => set('stream_url', e.currentTarget.value)} error={errors.stream_url} />
    </SimpleGrid>
  );
}

/** The mount's URL and its source password: never shown; set, empty keeps it; removal sends null. */
function IcecastFields({ draft, player, errors, set }: FieldProps) {
  const { t } = useTranslation();
  const description = draft.remove_source
    ? t('Removed on save')
    : player?.has_icecast_source
      ? t('Set: leave empty to keep it')
      : t('None yet: Airwave cannot stream to the mount');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <TextInput label={t('Icecast mount (stream URL)')} description={t('Where Airwave streams and listeners listen, e.g. http://icecast:8000/station.mp3')} required value={draft.stream_url} onChange={(e) => set('stream_url', e.currentTarget.value)} error={errors.stream_url} />
      <Stack gap={4}>
        <PasswordInput label={t('Icecast source password')} description={description} required={!player?.has_icecast_source} autoComplete="new-password" value={draft.source_password} disabled={draft.remove_source} onChange={(e) => set('source_password', e.currentTarget.value)} error={errors.source_password} />
        {player?.has_icecast_source && <SourceRemoval draft={draft} set={set} />}
      </Stack>
      <NumberInput
        label={t('Loudness (LUFS)')}
        description={t('Each analysed item airs at this level: -18 by default, -23 broadcast, -16 streaming')}
        min={-31}
        max={-5}
        decimalScale={1}
        value={draft.loudness_target}
        onChange={(v) => set('loudness_target', typeof v === 'number' ? v : Number(v) || -18)}
        error={errors.loudness_target}
      />
    </SimpleGrid>
  );
}

function SourceRemoval({ draft, set }: Pick<Props, 'draft' | 'set'>) {
  const { t } = useTranslation();
  return (
    <Checkbox
      label={t('Remove the Icecast source password')}
      checked={draft.remove_source}
      onChange={(e) => {
        set('remove_source', e.currentTarget.checked);
        set('source_password', '');
      }}
    />
  );
}

/** The engine's state for the player and where a live source connects. */
function PlayoutState({ player, status }: { player: Player; status: PlayoutStatus }) {
  const { t } = useTranslation();
  const harbor = harborOf(player.id, status);
  return (
    <Fieldset legend={t('On air now')}>
      <Text size="sm">{airWords(player, status)}</Text>
      {harbor && <Text size="sm" mt="xs">{harborWords(harbor)}</Text>}
    </Fieldset>
  );
}

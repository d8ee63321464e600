// A voicetrack's settings, as OpenBroadcaster's console has them: how far into the next item the
// music starts fading down, over how long, the level it is ducked to while the voice plays, and how
// long it takes to come back. The server checks that the voice with its offset and fades fits in
// that item (docs/decisions/playlists.md, "Voicetracks and custom items").
import { useTranslation } from 'react-i18next';
import { Group, NumberInput } from '@mantine/core';
import type { DraftItem } from './playlist-types';

type Voicetrack = Extract<DraftItem, { type: 'voicetrack' }>;

export function VoicetrackFields({ item, label, onChange }: { item: Voicetrack; label: string; onChange: (item: Voicetrack) => void }) {
  const { t } = useTranslation();
  const seconds = (field: 'voicetrack_offset' | 'voicetrack_fadeout_before' | 'voicetrack_fadein_after', name: string) => (
    <NumberInput size="xs" w={150} label={name} aria-label={`${name}, ${label}`} min={0} max={3600} decimalScale={1} value={item[field]} onChange={(v) => onChange({ ...item, [field]: Number(v) || 0 })} />
  );
  return (
    <Group gap="xs" align="flex-end">
      {seconds('voicetrack_offset', t('Into the next item (s)'))}
      {seconds('voicetrack_fadeout_before', t('Music fades down (s)'))}
      <NumberInput
        size="xs"
        w={150}
        label={t('Music under the voice (%)')}
        aria-label={`${t('Music under the voice (%)')}, ${label}`}
        min={0}
        max={100}
        value={Math.round(item.voicetrack_volume * 100)}
        onChange={(v) => onChange({ ...item, voicetrack_volume: Math.min(100, Math.max(0, Number(v) || 0)) / 100 })}
      />
      {seconds('voicetrack_fadein_after', t('Music fades back (s)'))}
    </Group>
  );
}

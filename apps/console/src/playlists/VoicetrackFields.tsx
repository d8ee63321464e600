// A voicetrack's settings, as OpenBroadcaster's console has them: how far into the next item the
// music starts fading down, over how long, the level it is ducked to while the voice plays, and how
// long it takes to come back. The server checks that the voice with its offset and fades fits in
// that item (docs/decisions/playlists.md, "Voicetracks and custom items").
import { useTranslation } from 'react-i18next';
import { Group, NumberInput } from '@mantine/core';
import type { DraftItem } from './playlist-types';

type Voicetrack = Extract<DraftItem, { type: 'voicetrack' }>;
type SecondsSetting = 'voicetrack_offset' | 'voicetrack_fadeout_before' | 'voicetrack_fadein_after';

interface Props {
  item: Voicetrack;
  /** The row's name, which each field's accessible name ends with. */
  label: string;
  onChange: (item: Voicetrack) => void;
}

export function VoicetrackFields({ item, label, onChange }: Props) {
  const { t } = useTranslation();
  const level = t('Music under the voice (%)');
  return (
    <Group gap="xs" align="flex-end">
      <SecondsField item={item} setting="voicetrack_offset" name={t('Into the next item (s)')} label={label} onChange={onChange} />
      <SecondsField item={item} setting="voicetrack_fadeout_before" name={t('Music fades down (s)')} label={label} onChange={onChange} />
      <NumberInput
        size="xs"
        w={150}
        label={level}
        aria-label={`${level}, ${label}`}
        min={0}
        max={100}
        value={Math.round(item.voicetrack_volume * 100)}
        onChange={(v) => onChange({ ...item, voicetrack_volume: Math.min(100, Math.max(0, Number(v) || 0)) / 100 })}
      />
      <SecondsField item={item} setting="voicetrack_fadein_after" name={t('Music fades back (s)')} label={label} onChange={onChange} />
    </Group>
  );
}

/** One of the settings in seconds (0 to an hour, to a tenth). */
function SecondsField({ item, setting, name, label, onChange }: Props & { setting: SecondsSetting; name: string }) {
  return <NumberInput size="xs" w={150} label={name} aria-label={`${name}, ${label}`} min={0} max={3600} decimalScale={1} value={item[setting]} onChange={(v) => onChange({ ...item, [setting]: Number(v) || 0 })} />;
}

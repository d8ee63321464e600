// One slot of a clock, as its row edits it: a category slot's category and its songs (a count, or
// minutes of songs), a fixed event's minute, item and start, or what a station ID and a breakpoint are.
import { useTranslation } from 'react-i18next';
import { Group, NumberInput, SegmentedControl, Select, Text } from '@mantine/core';
import { MediaPicker } from '../schedule/MediaPicker';
import type { Category, DraftSlot } from './clock-types';
import { SONG_SECONDS } from './wheel';

interface Props {
  slot: DraftSlot;
  /** "Slot 2": the fields' names for screen readers. */
  name: string;
  categories: Category[];
  errors: Record<string, string>;
  index: number;
  onChange: (slot: DraftSlot) => void;
}

export function SlotFields({ slot, name, categories, errors, index, onChange }: Props) {
  const { t } = useTranslation();
  const error = Object.fromEntries(['minute', 'media_id', 'category_id', 'count', 'seconds'].map((field) => [field, errors[`slots.${index}.${field}`]]));
  // The server's "give either count or seconds" is the slot's own.
  error.count ??= errors[`slots.${index}`];
  if (slot.kind === 'station_id') return <Text size="sm">{t('Station ID: the next of the player’s station IDs.')}</Text>;
  if (slot.kind === 'breakpoint') return <Text size="sm">{t('Breakpoint: a marker, no time.')}</Text>;
  if (slot.kind === 'fixed')
    return (
      <Group align="flex-start" gap="xs">
        <NumberInput size="xs" w={110} label={t('At minute')} aria-label={t('{{slot}}: at minute', { slot: name })} min={0} max={59} value={slot.minute} onChange={(v) => onChange({ ...slot, minute: Math.min(59, Math.max(0, Number(v) || 0)) })} error={error.minute} />
        <div style={{ minWidth: 220 }}>
          <MediaPicker value={slot.media_id} title={slot.title} onChange={(id, title) => onChange({ ...slot, media_id: id, title })} error={error.media_id} />
        </div>
        <div>
          <Text size="sm" fw={500} id={`slot-${slot.key}-start`}>{t('Start')}</Text>
          <SegmentedControl size="xs" aria-labelledby={`slot-${slot.key}-start`} value={slot.start} onChange={(v) => onChange({ ...slot, start: v as 'hard' | 'soft' })} data={[{ value: 'hard', label: t('Hard: ends what runs into it') }, { value: 'soft', label: t('Soft: waits for it to end') }]} />
        </div>
      </Group>
    );
  const byCount = slot.count !== null;
  return (
    <Group align="flex-start" gap="xs">
      <Select size="xs" w={200} label={t('Category')} aria-label={t('{{slot}}: category', { slot: name })} data={categories.map((c) => ({ value: String(c.id), label: c.name }))} value={slot.category_id === null ? null : String(slot.category_id)} onChange={(v) => onChange({ ...slot, category_id: v ? Number(v) : null })} allowDeselect={false} error={error.category_id} />
      <div>
        <Text size="sm" fw={500} id={`slot-${slot.key}-by`}>{t('How many')}</Text>
        <SegmentedControl
          size="xs"
          aria-labelledby={`slot-${slot.key}-by`}
          value={byCount ? 'count' : 'seconds'}
          onChange={(v) => onChange(v === 'count' ? { ...slot, count: Math.max(1, Math.round((slot.seconds ?? SONG_SECONDS) / SONG_SECONDS)), seconds: null } : { ...slot, seconds: (slot.count ?? 1) * SONG_SECONDS, count: null })}
          data={[{ value: 'count', label: t('Songs') }, { value: 'seconds', label: t('Minutes') }]}
        />
      </div>
      {byCount ? (
        <NumberInput size="xs" w={100} label={t('Songs')} aria-label={t('{{slot}}: songs', { slot: name })} min={1} max={60} value={slot.count ?? 1} onChange={(v) => onChange({ ...slot, count: Math.min(60, Math.max(1, Number(v) || 1)) })} error={error.count} />
      ) : (
        <NumberInput size="xs" w={120} label={t('Minutes of songs')} aria-label={t('{{slot}}: minutes of songs', { slot: name })} min={0.5} max={60} step={0.5} decimalScale={2} value={(slot.seconds ?? 60) / 60} onChange={(v) => onChange({ ...slot, seconds: Math.min(3600, Math.max(1, Math.round((Number(v) || 1) * 60))) })} error={error.seconds} />
      )}
    </Group>
  );
}

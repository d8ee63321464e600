// "This occurrence only": its date, time and length, for a show what airs this time; skip it,
// restore it as the series has it (when an exception changed it), or save the change.
import { useTranslation } from 'react-i18next';
import { Button, Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { asItemType, itemTypeChoices, ShowItemPicker } from './ShowItemPicker';
import { changeOccurrence, restoreOccurrence, skipOccurrence, type Occurrence, type OccurrenceChange } from './occurrence-io';
import { zoneName } from './recurrence';
import type { Player } from './schedule-types';

interface OnlyProps {
  occurrence: Occurrence;
  player: Player;
  change: OccurrenceChange;
  set: (fields: Partial<OccurrenceChange>) => void;
  errors: Record<string, string>;
  act: (action: () => Promise<unknown>, done: string) => Promise<void>;
  onClose: () => void;
}

export function OccurrenceForm({ occurrence, player, change, set, errors, act, onClose }: OnlyProps) {
  const { t } = useTranslation();
  const exceptionId = occurrence.exceptionId;
  return (
    <>
      <SimpleGrid cols={3}>
        <TextInput type="date" label={t('Date')} required value={change.date} onChange={(e) => set({ date: e.currentTarget.value })} error={errors.start} />
        <TextInput type="time" label={t('Time ({{zone}})', { zone: zoneName(player.timezone) })} required value={change.time} onChange={(e) => set({ time: e.currentTarget.value })} />
        <NumberInput label={t('Length (minutes)')} required min={1} value={change.durationMinutes} onChange={(v) => set({ durationMinutes: Number(v) || 0 })} error={errors.duration} />
      </SimpleGrid>
      {occurrence.kind === 'show' && (
        <SimpleGrid cols={2}>
          <Select
            label={t('What airs this time')}
            data={[{ value: 'series', label: t('The series\' item') }, ...itemTypeChoices.map((c) => ({ value: c.value, label: t(c.label) }))]}
            value={change.itemChanged ? change.itemType : 'series'}
            onChange={(v) => set(v === 'series' || !v ? { itemChanged: false } : { itemChanged: true, itemType: asItemType(v), ...(asItemType(v) === change.itemType ? {} : { itemId: null }) })}
            allowDeselect={false}
            error={errors.item_type}
          />
          {change.itemChanged && <ShowItemPicker itemType={change.itemType} itemId={change.itemId} title="" onChange={(id) => set({ itemId: id })} error={errors.item_id} />}
        </SimpleGrid>
      )}
      <Group justify="space-between">
        <Group>
          <Button color="red" variant="light" onClick={() => void act(() => skipOccurrence(occurrence), t('This occurrence is skipped.'))}>
            {t('Skip this occurrence')}
          </Button>
          {exceptionId && (
            <Button variant="light" onClick={() => void act(() => restoreOccurrence(occurrence.kind, occurrence.entryId, exceptionId), t('The occurrence is back as the series has it.'))}>
              {t('Restore as the series has it')}
            </Button>
          )}
        </Group>
        <Group>
          <Button variant="default" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => void act(() => changeOccurrence(occurrence, change), t('This occurrence was changed.'))}>{t('Save this occurrence')}</Button>
        </Group>
      </Group>
    </>
  );
}

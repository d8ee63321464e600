// A clock's slots in airing order: each edited in its row, moved with "Move up" and "Move down"
// (the new place announced), removed; and the buttons adding a slot of each kind at the end.
import { useTranslation } from 'react-i18next';
import { Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { OrderButtons } from '../components/OrderButtons';
import { move, newSlot, type Category, type DraftSlot } from './clock-types';
import { SlotFields } from './SlotFields';

interface Props {
  slots: DraftSlot[];
  categories: Category[];
  errors: Record<string, string>;
  onChange: (slots: DraftSlot[]) => void;
}

export function SlotList({ slots, categories, errors, onChange }: Props) {
  const { t } = useTranslation();
  const [said, setSaid] = useState('');
  const label = useSlotLabel(categories);
  const moveTo = (from: number, to: number) => {
    if (to < 0 || to >= slots.length) return;
    onChange(move(slots, from, to));
    setSaid(t('{{item}} moved to position {{position}} of {{total}}.', { item: label(slots[from]!), position: to + 1, total: slots.length }));
  };
  const add = (kind: DraftSlot['kind']) => onChange([...slots, newSlot(kind)]);
  return (
    <>
      <VisuallyHidden aria-live="polite">{said}</VisuallyHidden>
      {slots.length === 0 ? (
        <Text size="sm">{t('No slots yet: add the first below.')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={t('Slots')} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>#</Table.Th>
                <Table.Th>{t('Slot')}</Table.Th>
                <Table.Th w={120}>{t('Order')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {slots.map((slot, index) => (
                <Table.Tr key={slot.key} data-testid="clock-slot">
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <SlotFields slot={slot} index={index} name={t('Slot {{number}}', { number: index + 1 })} categories={categories} errors={errors} onChange={(next) => onChange(slots.map((old, i) => (i === index ? next : old)))} />
                  </Table.Td>
                  <Table.Td>
                    <OrderButtons index={index} count={slots.length} label={label(slot)} onMove={moveTo} onRemove={() => onChange(slots.filter((_, i) => i !== index))} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => add('category')}>{t('Add songs from a category')}</Button>
        <Button size="xs" variant="light" onClick={() => add('station_id')}>{t('Add a station ID')}</Button>
        <Button size="xs" variant="light" onClick={() => add('fixed')}>{t('Add a fixed event')}</Button>
        <Button size="xs" variant="light" onClick={() => add('breakpoint')}>{t('Add a breakpoint')}</Button>
      </Group>
    </>
  );
}

/** A slot in words, for its buttons' names: "Current hits", "Station ID", "Fixed event at :30". */
function useSlotLabel(categories: Category[]) {
  const { t } = useTranslation();
  return (slot: DraftSlot): string => {
    if (slot.kind === 'category') return categories.find((c) => c.id === slot.category_id)?.name ?? t('Songs from a category');
    if (slot.kind === 'fixed') return t('Fixed event at :{{minute}}', { minute: String(slot.minute).padStart(2, '0') });
    return slot.kind === 'station_id' ? t('Station ID') : t('Breakpoint');
  };
}

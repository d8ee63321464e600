// A playlist's items in airing order: drag a row to move it, or (keyboard, screen readers) its
// "Move up" and "Move down" buttons; the new position is announced. Media items take a crossfade,
// dynamic items their search and count (with the estimate), voicetracks their ducking, custom items
// their name. On a phone the length and the order
// buttons go under the item, where a fourth column would be cut off.
import { useTranslation } from 'react-i18next';
import { Group, NumberInput, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { OrderButtons } from '../components/OrderButtons';
import { formatDuration } from '../media/media-types';
import { DynamicItemFields } from './DynamicItemFields';
import { itemLabel, itemSeconds, move, type DraftItem } from './playlist-types';
import { VoicetrackFields } from './VoicetrackFields';

interface Props {
  items: DraftItem[];
  onChange: (items: DraftItem[]) => void;
  errors: Record<string, string>;
}

export function ItemList({ items, onChange, errors }: Props) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const moveTo = (from: number, to: number) => {
    if (to < 0 || to >= items.length) return;
    onChange(move(items, from, to));
    setSaid(t('{{item}} moved to position {{position}} of {{total}}.', { item: itemLabel(items[from]!), position: to + 1, total: items.length }));
  };
  const update = (index: number, item: DraftItem) => onChange(items.map((old, i) => (i === index ? item : old)));
  return (
    <>
      <VisuallyHidden aria-live="polite">{said}</VisuallyHidden>
      <Table aria-label={t('Items')} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>{t('Item')}</Table.Th>
            {!narrow && <Table.Th w={70}>{t('Length')}</Table.Th>}
            {!narrow && <Table.Th w={120}>{t('Order')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, index) => {
            const label = itemLabel(item);
            const seconds = itemSeconds(item);
            const length = seconds === null ? '' : formatDuration(seconds);
            const order = <OrderButtons index={index} count={items.length} label={label} onMove={moveTo} onRemove={() => onChange(items.filter((_, i) => i !== index))} />;
            const problem = Object.entries(errors).find(([path]) => path.startsWith(`items.${index}.`) || path === `items.${index}`)?.[1];
            return (
              <Table.Tr
                key={item.key}
                draggable
                data-testid="playlist-item"
                onDragStart={(e) => { setDragging(index); e.dataTransfer.effectAllowed = 'move'; }}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => { e.preventDefault(); if (dragging !== null) moveTo(dragging, index); setDragging(null); }}
                onDragEnd={() => setDragging(null)}
                style={{ cursor: 'grab', opacity: dragging === index ? 0.5 : 1 }}
              >
                <Table.Td><span aria-hidden="true">⠿ </span>{index + 1}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>{label}</Text>
                  {item.type === 'media' && (
                    <NumberInput size="xs" w={110} label={t('Crossfade (s)')} aria-label={t('Crossfade in seconds, {{item}}', { item: label })} min={0} max={60} value={item.crossfade} onChange={(v) => update(index, { ...item, crossfade: Number(v) || 0 })} />
                  )}
                  {item.type === 'dynamic' && <DynamicItemFields item={item} onChange={(next) => update(index, next)} />}
                  {item.type === 'voicetrack' && <VoicetrackFields item={item} label={label} onChange={(next) => update(index, next)} />}
                  {item.type === 'custom' && (
                    <TextInput size="xs" w={240} label={t('Custom item type')} aria-label={t('Custom item type, item {{number}}', { number: index + 1 })} value={item.name} onChange={(e) => update(index, { ...item, name: e.currentTarget.value })} />
                  )}
                  {problem && <Text size="sm" c="red.8" role="alert">{problem}</Text>}
                  {narrow && <Group justify="space-between" mt={4}><Text size="sm">{length}</Text>{order}</Group>}
                </Table.Td>
                {!narrow && <Table.Td>{length}</Table.Td>}
                {!narrow && <Table.Td>{order}</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </>
  );
}

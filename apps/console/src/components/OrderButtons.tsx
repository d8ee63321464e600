// A row's Move up, Move down and Remove buttons (a playlist's items, a clock's slots), each naming
// its row for screen readers: "Move up: 2. Current hits".
import { useTranslation } from 'react-i18next';
import { ActionIcon, Group } from '@mantine/core';

interface OrderProps {
  index: number;
  count: number;
  label: string;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}

/** Move up, move down and remove, each naming its row for screen readers. */
export function OrderButtons({ index, count, label, onMove, onRemove }: OrderProps) {
  const { t } = useTranslation();
  const names = { number: index + 1, item: label };
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="default" aria-label={t('Move up: {{number}}. {{item}}', names)} disabled={index === 0} onClick={() => onMove(index, index - 1)}>↑</ActionIcon>
      <ActionIcon variant="default" aria-label={t('Move down: {{number}}. {{item}}', names)} disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>↓</ActionIcon>
      <ActionIcon variant="light" color="red" aria-label={t('Remove: {{number}}. {{item}}', names)} onClick={onRemove}>✕</ActionIcon>
    </Group>
  );
}

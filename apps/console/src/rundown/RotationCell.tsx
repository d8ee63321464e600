// Why a clock chose a song (the rundown's item.rotation): its slot and category, the rules it had
// to give up or could not keep, in words; and, for those who manage players, "Replace" while its
// hour has not begun.
import { useTranslation } from 'react-i18next';
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { rulesText, type Category } from '../clocks/clock-types';
import type { Block } from './rundown-types';
import { ReplaceSong } from './ReplaceSong';

/** What a clock block's rows need beyond the block: the categories' names, and the replacing. */
export interface ClockContext {
  categories: Category[];
  playerId: number;
  canReplace: boolean;
  onReplaced: (block: Block) => void;
}

type Item = Block['items'][number];

export function RotationCell({ item, block, zone, context }: { item: Item; block: Block; zone: string; context: ClockContext }) {
  const { t } = useTranslation();
  const [replacing, setReplacing] = useState(false);
  const rotation = item.rotation;
  if (!rotation) return null;
  const category = context.categories.find((c) => c.id === rotation.category_id)?.name ?? t('a category');
  const where = rotation.replaced ? t('Put here by hand, in place of a song from {{category}}.', { category }) : rotation.slot === 0 ? t('The fill, from {{category}}.', { category }) : t('Slot {{slot}}, from {{category}}.', { slot: rotation.slot, category });
  const begun = Date.parse(block.start) <= Date.now();
  return (
    <>
      <Text size="xs">{where}</Text>
      {rotation.relaxed.length > 0 && <Text size="xs" fw={500}>{t('Gave up: {{rules}} (no song of the category kept every rule).', { rules: rulesText(rotation.relaxed) })}</Text>}
      {rotation.broken.length > 0 && <Text size="xs" fw={500} c="var(--mantine-color-red-text)">{t('Broke: {{rules}} (no song of the category could keep it).', { rules: rulesText(rotation.broken) })}</Text>}
      {rotation.relaxed.length === 0 && rotation.broken.length === 0 && <Text size="xs">{t('Keeps every rule.')}</Text>}
      {context.canReplace && !begun && (
        <Button size="compact-xs" variant="light" mt={2} aria-label={t('Replace {{title}}', { title: item.title })} onClick={() => setReplacing(true)}>
          {t('Replace')}
        </Button>
      )}
      {replacing && <ReplaceSong item={item} block={block} zone={zone} playerId={context.playerId} onClose={() => setReplacing(false)} onReplaced={(next) => (setReplacing(false), context.onReplaced(next))} />}
    </>
  );
}

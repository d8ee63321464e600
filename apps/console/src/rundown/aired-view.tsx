// What aired beside what was planned, in a block of the rundown: per planned item the start the
// as-run log has for it (the same media item within ten minutes of its planned time) and how far
// off; and what aired in the block that the plan did not have.
import { i18n } from '../i18n';
import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import { airedFor, clockIn, itemName, type Aired } from '../on-air/on-air-types';
import type { Block } from './rundown-types';

type Item = Block['items'][number];

const offText = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return seconds === 0 ? i18n.t('on time') : `${seconds > 0 ? '+' : '−'}${Math.abs(seconds)} s`;
};

/** The cell of the "Aired" column: when it aired and how far from the plan; "not logged" once its time has passed. */
export function AiredCell({ item, block, aired, zone, now }: { item: Item; block: Block; aired: Aired[]; zone: string; now: number }) {
  const { t } = useTranslation();
  const planned = Date.parse(block.start) + item.offset * 1000;
  const entry = airedFor(aired, item.media_id, planned);
  if (entry) {
    const at = Number(entry.unix_timestamp) * 1000;
    return <>{clockIn(at, zone)} ({offText(at - planned)})</>;
  }
  return item.media_id !== null && planned < now ? <Text span size="sm" c="dimmed">{t('not logged')}</Text> : null;
}

/** As-run entries inside the block that match none of its planned items. */
export function unplannedIn(block: Block, aired: Aired[]): Aired[] {
  const start = Date.parse(block.start);
  const end = Date.parse(block.end);
  const matched = new Set(block.items.map((item) => airedFor(aired, item.media_id, start + item.offset * 1000)?.id));
  return aired.filter((entry) => {
    const at = Number(entry.unix_timestamp) * 1000;
    return at >= start && at < end && !matched.has(entry.id);
  });
}

export function UnplannedList({ block, aired, zone }: { block: Block; aired: Aired[]; zone: string }) {
  const { t } = useTranslation();
  const extra = unplannedIn(block, aired);
  if (extra.length === 0) return null;
  return (
    <Text size="sm" mt={4}>
      {t('Aired, not in the plan: {{items}}', { items: extra.slice(0, 20).map((entry) => `${clockIn(Number(entry.unix_timestamp) * 1000, zone)} ${itemName(entry)}`).join('; ') })}
      {extra.length > 20 ? ` ${t('and {{n}} more', { n: extra.length - 20 })}` : ''}
    </Text>
  );
}

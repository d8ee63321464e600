// The hour of a clock as a wheel (an SVG ring from :00 at the top, clockwise) and, for those who do
// not see it, as the list beside it: each part's estimated start and end and what fills it.
import { useTranslation } from 'react-i18next';
import { Group, List, Stack, Text } from '@mantine/core';
import { formatDuration } from '../media/media-types';
import type { Category, ClockDraft } from './clock-types';
import type { KnownItems } from './use-known-items';
import { arcPath, hourPlan, minuteText, type Segment } from './wheel';

const palette = ['blue', 'teal', 'grape', 'orange', 'cyan', 'lime', 'pink', 'indigo', 'yellow', 'violet'];
const SIZE = 240;
const CENTRE = SIZE / 2;
const OUTER = 110;
const INNER = 62;

/** A category's colour on the wheel (the same on every clock: by its place in the list). */
export function categoryColour(categories: Category[], id: number | null): string {
  const index = categories.findIndex((c) => c.id === id);
  return index < 0 ? 'var(--mantine-color-gray-5)' : `var(--mantine-color-${palette[index % palette.length]}-5)`;
}

const drawnLast: Segment['kind'][] = ['station_id', 'fixed', 'breakpoint'];
const colours: Record<Segment['kind'], string> = {
  category: '',
  fill: '',
  station_id: 'var(--mantine-color-dark-4)',
  fixed: 'var(--mantine-color-red-7)',
  breakpoint: 'var(--mantine-color-text)',
  gap: 'var(--mantine-color-body)',
};

export function ClockWheel({ draft, categories, items }: { draft: ClockDraft; categories: Category[]; items: KnownItems }) {
  const { t } = useTranslation();
  const plan = hourPlan(draft, Object.fromEntries(Object.entries(items).map(([id, item]) => [id, item.duration])));
  const label = useSegmentLabel(draft, categories, items);
  const colour = (segment: Segment) => colours[segment.kind] || categoryColour(categories, segment.categoryId);
  return (
    <Group align="flex-start" wrap="wrap" gap="md">
      <svg width={SIZE} height={SIZE} viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={t('The hour as a wheel (the list beside it says the same)')}>
        <circle cx={CENTRE} cy={CENTRE} r={(OUTER + INNER) / 2} fill="none" stroke="var(--mantine-color-gray-3)" strokeWidth={OUTER - INNER} />
        {/* The short parts drawn last, over the songs around them. */}
        {[...plan.segments].sort((a, b) => Number(drawnLast.includes(a.kind)) - Number(drawnLast.includes(b.kind))).map((segment, index) => {
          const from = Math.min(segment.start, 3600);
          const to = Math.min(segment.start + Math.max(segment.seconds, segment.kind === 'station_id' ? 60 : 0), 3600);
          if (segment.kind === 'breakpoint' || to <= from) return <path key={index} d={arcPath(from, from + 4, OUTER + 6, INNER - 6, CENTRE)} fill={colours.breakpoint}><title>{label(segment)}</title></path>;
          return (
            <path key={index} d={arcPath(from, to, OUTER, INNER, CENTRE)} fill={colour(segment)} stroke={segment.kind === 'gap' ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-body)'} strokeDasharray={segment.kind === 'gap' ? '4 3' : undefined} strokeWidth={1.5}>
              <title>{label(segment)}</title>
            </path>
          );
        })}
        {[0, 15, 30, 45].map((minute) => {
          const angle = (minute / 60) * 2 * Math.PI - Math.PI / 2;
          return (
            <text key={minute} x={CENTRE + 44 * Math.cos(angle)} y={CENTRE + 44 * Math.sin(angle) + 4} textAnchor="middle" fontSize={12} fill="var(--mantine-color-text)">
              :{String(minute).padStart(2, '0')}
            </text>
          );
        })}
      </svg>
      <Stack gap={4} maw={420}>
        <Text size="sm" fw={500} id="clock-hour-list">{t('The hour, estimated (songs of about 3:30)')}</Text>
        <List size="sm" type="ordered" aria-labelledby="clock-hour-list" data-testid="clock-hour">
          {plan.segments.map((segment, index) => (
            <List.Item key={index}>
              <span aria-hidden="true" style={{ display: 'inline-block', width: 10, height: 10, marginRight: 6, background: colour(segment), border: segment.kind === 'gap' ? '1px dashed var(--mantine-color-red-7)' : undefined }} />
              {minuteText(segment.start)}–{minuteText(segment.start + segment.seconds)} {label(segment)}
            </List.Item>
          ))}
        </List>
        {plan.over > 0 && (
          <Text size="sm" fw={500}>
            {draft.overrun === 'keep'
              ? t('The slots run about {{length}} past the end: the last song runs on.', { length: formatDuration(plan.over) })
              : t('The slots run about {{length}} past the end: the last song is faded at the end.', { length: formatDuration(plan.over) })}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** A part of the hour in words: "Current hits: 3 song(s)", "Fill: Gold", "Fixed event: News at :30". */
function useSegmentLabel(draft: ClockDraft, categories: Category[], items: KnownItems) {
  const { t } = useTranslation();
  const name = (id: number | null) => categories.find((c) => c.id === id)?.name ?? t('no category chosen');
  return (segment: Segment): string => {
    const slot = draft.slots[segment.slot];
    switch (segment.kind) {
      case 'category':
        return segment.songs !== null ? t('{{category}}: {{n}} song(s)', { category: name(segment.categoryId), n: segment.songs }) : t('{{category}}: songs for {{length}}', { category: name(segment.categoryId), length: formatDuration(segment.seconds) });
      case 'station_id':
        return t('Station ID');
      case 'breakpoint':
        return t('Breakpoint');
      case 'fixed':
        return t('Fixed event: {{title}}', { title: (slot?.kind === 'fixed' && (slot.title || (slot.media_id && items[slot.media_id]?.title))) || t('an item') });
      case 'fill':
        return t('Fill: {{category}}', { category: name(segment.categoryId) });
      default:
        return t('Nothing airs (no fill category)');
    }
  };
}

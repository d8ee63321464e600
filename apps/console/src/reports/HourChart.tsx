// Listeners hour by hour as a bar chart (an SVG of its own: a bar an hour, its height the hour's
// unique listeners, each bar's figures in its tooltip), said in words for screen readers, and the
// same figures as a table at a press: the hours with listeners, each with its sessions and tuning hours.
import { useTranslation } from 'react-i18next';
import { Button, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId, useState } from 'react';
import { barsOf, BOTTOM, chartWords, HEIGHT, labelsOf, LEFT, MIN_WIDTH, TOP, WIDTH } from './hour-chart';
import { ListeningTable } from './ListeningTable';
import { countText, hourWords, type HourRow } from './report-types';

function HourTable({ id, rows, total }: { id: string; rows: HourRow[]; total: number }) {
  const { t } = useTranslation();
  return (
    <div id={id}>
      {rows.length < total && <Text size="sm" mb="xs">{t('Hours without listeners are left out.')}</Text>}
      <ListeningTable label={t('Listeners hour by hour')} heading={t('Hour')} rows={rows} keyOf={(row) => row.hour} nameOf={(row) => hourWords(row.hour)} />
    </div>
  );
}

export function HourChart({ rows, title }: { rows: HourRow[]; title: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  // Drawn at the width it has, so that its words stay their size on a phone.
  const { ref, width: measured } = useElementSize();
  const width = measured > 0 ? Math.max(MIN_WIDTH, Math.round(measured)) : WIDTH;
  const { bars, top } = barsOf(rows, width);
  const base = HEIGHT - BOTTOM;
  const heard = rows.filter((row) => row.sessions > 0);
  return (
    <Stack gap="xs">
      <div ref={ref}>
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} width="100%" display="block" role="img" aria-labelledby={`${id}-title ${id}-desc`} data-testid="hour-chart">
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{chartWords(rows)}</desc>
          {[0, top / 2, top].map((tick) => {
            const y = base - (tick / top) * (base - TOP);
            return (
              <g key={tick}>
                <line x1={LEFT} x2={width} y1={y} y2={y} stroke="var(--mantine-color-default-border)" />
                <text x={LEFT - 4} y={y + 4} textAnchor="end" fontSize={12} fill="var(--mantine-color-text)">{Number.isInteger(tick) ? countText(tick) : ''}</text>
              </g>
            );
          })}
          {bars.map((bar) => (
            <rect key={bar.row.hour} x={bar.x} y={bar.y} width={Math.max(bar.width, 0.5)} height={bar.height} fill="var(--mantine-primary-color-filled)">
              <title>{t('{{hour}}: {{count}} listeners', { hour: hourWords(bar.row.hour), count: bar.row.unique_listeners })}</title>
            </rect>
          ))}
          {labelsOf(bars, width).map((label) => (
            <text key={label.x} x={label.x} y={HEIGHT - 6} fontSize={12} fill="var(--mantine-color-text)">{label.text}</text>
          ))}
        </svg>
      </div>
      <div>
        <Button variant="subtle" size="xs" aria-expanded={showTable} aria-controls={showTable ? `${id}-table` : undefined} onClick={() => setShowTable((shown) => !shown)} disabled={heard.length === 0}>
          {showTable ? t('Hide the table of hours') : t('Show the hours as a table')}
        </Button>
      </div>
      {showTable && <HourTable id={`${id}-table`} rows={heard} total={rows.length} />}
    </Stack>
  );
}

// A player's week of clocks: choose a clock, then press and drag across hours (or click them) to
// place it, a day's or an hour's header to fill it all; "Save the grid" sends it, "Undo changes"
// goes back to what is saved. Hours are the player's own (its time zone).
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Fieldset, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { messageOf } from '../lib/api';
import type { Clock, GridCell } from './clock-types';
import { GridTable } from './GridTable';
import { cellKey, useGridPaint } from './use-grid-paint';

interface Props {
  grid: GridCell[];
  clocks: Clock[];
  manage: boolean;
  zone: string;
  onSave: (grid: GridCell[]) => Promise<unknown>;
}

export function FormatGrid({ grid, clocks, manage, zone, onSave }: Props) {
  const { t } = useTranslation();
  const paint = useGridPaint(grid);
  const [error, setError] = useState<string | null>(null);
  const brushName = clocks.find((c) => c.id === paint.brush)?.name ?? t('no clock');
  const week = [1, 2, 3, 4, 5, 6, 7].flatMap((day) => Array.from({ length: 24 }, (_, hour) => cellKey(day, hour)));
  const save = async () => {
    setError(null);
    try {
      await onSave(paint.grid());
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  return (
    <Fieldset legend={t('Clock grid, in {{zone}} time', { zone })}>
      <Stack gap="sm">
        {error && <Alert color="red" role="alert" title={t('Not saved')}>{error}</Alert>}
        <Text size="sm">{t('An hour without a clock airs its shows and the default playlist as before. A show always wins over a clock.')}</Text>
        {manage && (
          <Group align="flex-end">
            <Select
              label={t('Clock to place')}
              w={260}
              allowDeselect={false}
              data={[{ value: '0', label: t('No clock (remove)') }, ...clocks.map((c) => ({ value: String(c.id), label: c.name }))]}
              value={String(paint.brush)}
              onChange={(v) => paint.setBrush(Number(v ?? 0))}
            />
            <Button variant="default" onClick={() => paint.paint(week)}>{t('Place it in every hour of the week')}</Button>
          </Group>
        )}
        {manage && <Text size="sm">{t('Click an hour, or press and drag across hours, to place the clock there; click a day or an hour to fill its column or row.')}</Text>}
        <GridTable cells={paint.cells} clocks={clocks} manage={manage} brushName={brushName} paint={paint.paint} press={paint.press} enter={paint.enter} />
        {manage && (
          <Group justify="flex-end">
            {paint.dirty && <Badge color="orange" variant="light">{t('Not saved yet')}</Badge>}
            <Button variant="default" disabled={!paint.dirty} onClick={paint.reset}>{t('Undo changes')}</Button>
            <Button disabled={!paint.dirty} onClick={() => void save()}>{t('Save the grid')}</Button>
          </Group>
        )}
      </Stack>
    </Fieldset>
  );
}

// The week's grid: a column per weekday, a row per hour, each cell the clock that airs then. With
// manage_players each cell is a button placing the chosen clock (pressed and dragged across cells,
// or clicked one at a time, or Enter on it), and each day's and hour's header fills its column or row.
import { useTranslation } from 'react-i18next';
import { Table, UnstyledButton } from '@mantine/core';
import { weekdays, type Clock } from './clock-types';
import { cellKey, type Cells } from './use-grid-paint';

const palette = ['blue', 'teal', 'grape', 'orange', 'cyan', 'lime', 'pink', 'indigo', 'yellow', 'violet'];
const hours = Array.from({ length: 24 }, (_, hour) => hour);
const days = [1, 2, 3, 4, 5, 6, 7];
export const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

interface Props {
  cells: Cells;
  clocks: Clock[];
  manage: boolean;
  /** The chosen clock's name, for the buttons' names ("no clock" when none). */
  brushName: string;
  paint: (keys: string[]) => void;
  press: (key: string) => void;
  enter: (key: string) => void;
}

export function GridTable({ cells, clocks, manage, brushName, paint, press, enter }: Props) {
  const { t } = useTranslation();
  const name = (id: number | undefined) => (id ? (clocks.find((c) => c.id === id)?.name ?? String(id)) : t('no clock'));
  const look = (id: number | undefined) => {
    const index = clocks.findIndex((c) => c.id === id);
    return index < 0 ? {} : { background: `var(--mantine-color-${palette[index % palette.length]}-light)` };
  };
  const header = (text: string, label: string, keys: string[]) =>
    manage ? <UnstyledButton className="format-grid-fill" aria-label={label} onClick={() => paint(keys)}>{text}</UnstyledButton> : text;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label={t('Clock grid')} withTableBorder withColumnBorders className="format-grid" verticalSpacing={0} horizontalSpacing={2} fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>{t('Hour')}</Table.Th>
            {days.map((day) => (
              <Table.Th key={day}>{header(t(weekdays[day - 1]!), t('Place {{clock}} in every hour of {{day}}', { clock: brushName, day: t(weekdays[day - 1]!) }), hours.map((hour) => cellKey(day, hour)))}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {hours.map((hour) => (
            <Table.Tr key={hour}>
              <Table.Th scope="row">{header(hourText(hour), t('Place {{clock}} at {{hour}} every day', { clock: brushName, hour: hourText(hour) }), days.map((day) => cellKey(day, hour)))}</Table.Th>
              {days.map((day) => {
                const key = cellKey(day, hour);
                const label = t('{{day}} {{hour}}: {{clock}}', { day: t(weekdays[day - 1]!), hour: hourText(hour), clock: name(cells[key]) });
                return (
                  <Table.Td key={day} style={look(cells[key])} data-cell={key}>
                    {manage ? (
                      <UnstyledButton className="format-grid-cell" aria-label={label} onPointerDown={() => press(key)} onPointerEnter={() => enter(key)} onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), paint([key]))}>
                        {cells[key] ? name(cells[key]) : '—'}
                      </UnstyledButton>
                    ) : (
                      <span title={label}>{cells[key] ? name(cells[key]) : '—'}</span>
                    )}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

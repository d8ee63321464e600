// A format's grid as it is painted: the cells (`weekday:hour` → clock id), the clock being placed
// (0: none), a stroke of the pointer across cells (pressed on one, dragged over the others), and
// the grid a save sends.
import { useEffect, useRef, useState } from 'react';
import type { GridCell } from './clock-types';

export type Cells = Record<string, number>;

export const cellKey = (weekday: number, hour: number) => `${weekday}:${hour}`;
const toCells = (grid: GridCell[]): Cells => Object.fromEntries(grid.map((c) => [cellKey(c.weekday, c.hour), c.clock_id]));
const same = (a: Cells, b: Cells) => Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

export function useGridPaint(saved: GridCell[]) {
  const [cells, setCells] = useState<Cells>(() => toCells(saved));
  const [brush, setBrush] = useState(0);
  const stroke = useRef(false);
  useEffect(() => setCells(toCells(saved)), [saved]);
  useEffect(() => {
    const end = () => (stroke.current = false);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    return () => {
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
    };
  }, []);
  const paint = (keys: string[]) =>
    setCells((current) => {
      const next = { ...current };
      for (const key of keys) {
        if (brush) next[key] = brush;
        else delete next[key];
      }
      return next;
    });
  return {
    cells,
    brush,
    setBrush,
    paint,
    /** A pointer pressed on a cell: it is painted, and those the pointer then enters until released. */
    press: (key: string) => ((stroke.current = true), paint([key])),
    enter: (key: string) => stroke.current && paint([key]),
    dirty: !same(cells, toCells(saved)),
    reset: () => setCells(toCells(saved)),
    grid: (): GridCell[] =>
      Object.entries(cells).map(([key, clock_id]) => {
        const [weekday, hour] = key.split(':').map(Number) as [number, number];
        return { weekday, hour, clock_id };
      }),
  };
}

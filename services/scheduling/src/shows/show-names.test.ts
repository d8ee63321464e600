import { describe, expect, it } from 'vitest';
import { LIVE_SHOW_NAME, withShowNames } from './show-names';

describe('show names', () => {
  it('names media by title in one request per thousand items, live shows Line-In, and the rest null', async () => {
    const asked: number[][] = [];
    const titles = async (ids: number[]) => {
      asked.push(ids);
      return ids.filter((id) => id !== 404).map((id) => ({ id, title: `Item ${id}` }));
    };
    const rows = [
      { item_type: 'media', item_id: 7 },
      { item_type: 'media', item_id: 7 },
      { item_type: 'media', item_id: 404 },
      { item_type: 'live', item_id: 1 },
      { item_type: 'playlist', item_id: 3 },
      ...Array.from({ length: 1500 }, (_, i) => ({ item_type: 'media', item_id: 1000 + i })),
    ];
    const named = await withShowNames(rows, titles);
    expect(named.slice(0, 5).map((row) => row.name)).toEqual(['Item 7', 'Item 7', null, LIVE_SHOW_NAME, null]);
    expect(asked.map((ids) => ids.length)).toEqual([1000, 502]);
    expect(named[1504]!.name).toBe('Item 2499');
  });
});

// The titles and lengths of a clock's fixed events' items, read from the library once each (for the
// wheel's estimate and its words).
import { useEffect, useState } from 'react';
import { api } from '../lib/api';

export type KnownItems = Record<number, { title: string; duration: number }>;

export function useKnownItems(ids: number[]): KnownItems {
  const [known, setKnown] = useState<KnownItems>({});
  const wanted = [...new Set(ids)].filter((id) => id > 0).sort((a, b) => a - b).join(',');
  useEffect(() => {
    let current = true;
    for (const id of wanted ? wanted.split(',').map(Number) : []) {
      api.media.get({ id }).then(
        (item) => current && setKnown((k) => (k[id] ? k : { ...k, [id]: { title: item.title, duration: item.duration ?? 0 } })),
        () => undefined,
      );
    }
    return () => {
      current = false;
    };
  }, [wanted]);
  return known;
}

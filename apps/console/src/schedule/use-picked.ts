// What a picker that finds one thing by name as the user types shares (a show's media item or
// playlist): the choices found for the words typed, and the chosen one named even when it came by
// id alone (a saved show's), read once, or named as unreadable.
import { useEffect, useRef, useState } from 'react';

export interface Found {
  value: string;
  label: string;
}

interface Lookups {
  /** The name of the thing with this id (rejects when it cannot be read). */
  nameOf: (id: number) => Promise<string>;
  /** What to call it when it cannot be read. */
  unreadable: (id: number) => string;
  /** The things matching the words typed. */
  find: (words: string) => Promise<Found[]>;
}

export function usePicked(value: number | null, name: string, lookups: Lookups) {
  const [known, setKnown] = useState(name);
  const [search, setSearch] = useState(name);
  const [options, setOptions] = useState<Found[]>([]);
  const look = useRef(lookups);
  look.current = lookups;
  useEffect(() => {
    if (name || !value) return setKnown(name);
    let current = true;
    look.current.nameOf(value).then(
      (found) => {
        if (!current) return;
        setKnown(found);
        setSearch(found);
      },
      () => current && setKnown(look.current.unreadable(value)),
    );
    return () => {
      current = false;
    };
  }, [value, name]);
  useEffect(() => {
    const timer = setTimeout(() => void look.current.find(search).then(setOptions, () => undefined), 200);
    return () => clearTimeout(timer);
  }, [search]);
  const listed = options.some((o) => o.value === String(value));
  const chosen = value && known && !listed ? [{ value: String(value), label: known }] : [];
  return { search, setSearch, data: [...chosen, ...options], selected: value && (known || listed) ? String(value) : null };
}

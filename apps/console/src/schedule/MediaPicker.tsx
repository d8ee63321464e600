import { useTranslation } from 'react-i18next';
import { Alert, Select, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../lib/api';
import { formatDurationsAlike } from '../media/media-types';

/**
 * Finds an approved media item by title as the user types. An item given by id alone (a saved
 * show's) is named by its title, read from the library (issue 35, point 4), never "Media 1".
 */
interface Props {
  value: number | null;
  title: string;
  onChange: (id: number | null, title: string) => void;
  error?: string | undefined;
  /** The show's length: an item lasting less than half of it is pointed out. */
  showSeconds?: number;
}

export function MediaPicker({ value, title, onChange, error, showSeconds }: Props) {
  const { t } = useTranslation();
  const [known, setKnown] = useState(title);
  const [durations, setDurations] = useState<Record<string, number>>({});
  const remember = (items: { id: number; duration: number | null }[]) => setDurations((d) => ({ ...d, ...Object.fromEntries(items.map((m) => [String(m.id), m.duration ?? 0])) }));
  const [search, setSearch] = useState(title);
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    if (title || !value) return setKnown(title);
    let current = true;
    api.media.get({ id: value }).then(
      (item) => {
        if (!current) return;
        remember([item]);
        setKnown(item.title);
        setSearch(item.title);
      },
      () => current && setKnown(t('Item {{id}} (not in the library)', { id: value })),
    );
    return () => {
      current = false;
    };
  }, [value, title]);
  useEffect(() => {
    const timer = setTimeout(() => {
      api.media
        .search({ q: { mode: 'simple', string: search }, l: 20 })
        .then((reply) => {
          remember(reply.media);
          setOptions(reply.media.map((m) => ({ value: String(m.id), label: m.title })));
        })
        .catch(() => undefined);
    }, 200);
    return () => clearTimeout(timer);
  }, [search]);
  const chosen = value && known && !options.some((o) => o.value === String(value)) ? [{ value: String(value), label: known }] : [];
  const length = value ? durations[String(value)] : undefined;
  const short = length !== undefined && length > 0 && showSeconds !== undefined && length < showSeconds / 2;
  const [lengthText, showText] = short ? formatDurationsAlike(length, showSeconds) : ['', ''];
  return (
    <Stack gap="xs">
      <Select
        label={t('Media item')}
        searchable
        required
        data={[...chosen, ...options]}
        value={value && (known || options.some((o) => o.value === String(value))) ? String(value) : null}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(v, option) => onChange(v ? Number(v) : null, option?.label ?? '')}
        nothingFoundMessage={t('No approved item by that title')}
        error={error}
        filter={({ options: all }) => all}
      />
      {short && (
        <Alert color="orange" title={t('The item is much shorter than the show')}>
          {t('It lasts {{length}}, the show {{show}}: most of the show would air nothing of it.', { length: lengthText, show: showText })}
        </Alert>
      )}
    </Stack>
  );
}

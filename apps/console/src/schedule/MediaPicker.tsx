import { useTranslation } from 'react-i18next';
import { Alert, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { api } from '../lib/api';
import { formatDurationsAlike } from '../media/media-types';
import { usePicked } from './use-picked';

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
  const [durations, setDurations] = useState<Record<string, number>>({});
  const remember = (items: { id: number; duration: number | null }[]) => setDurations((d) => ({ ...d, ...Object.fromEntries(items.map((m) => [String(m.id), m.duration ?? 0])) }));
  const picked = usePicked(value, title, {
    nameOf: (id) => api.media.get({ id }).then((item) => (remember([item]), item.title)),
    unreadable: (id) => t('Item {{id}} (not in the library)', { id }),
    find: (words) =>
      api.media.search({ q: { mode: 'simple', string: words }, l: 20 }).then((reply) => {
        remember(reply.media);
        return reply.media.map((m) => ({ value: String(m.id), label: m.title }));
      }),
  });
  const length = value ? durations[String(value)] : undefined;
  const short = length !== undefined && length > 0 && showSeconds !== undefined && length < showSeconds / 2;
  const [lengthText, showText] = short ? formatDurationsAlike(length, showSeconds) : ['', ''];
  return (
    <Stack gap="xs">
      <Select
        label={t('Media item')}
        searchable
        required
        data={picked.data}
        value={picked.selected}
        searchValue={picked.search}
        onSearchChange={picked.setSearch}
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

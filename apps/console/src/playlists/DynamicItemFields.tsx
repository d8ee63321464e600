// A dynamic item: what to search for, how many items (or every match), and the estimate the
// server gives for it now (GET /playlists/validate), asked again as the search changes.
import { useTranslation } from 'react-i18next';
import { Checkbox, Group, NumberInput, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { api, messageOf } from '../lib/api';
import { formatDuration } from '../media/media-types';
import { searchText, type DraftItem, type Estimate } from './playlist-types';

type Dynamic = Extract<DraftItem, { type: 'dynamic' }>;

export function DynamicItemFields({ item, onChange }: { item: Dynamic; onChange: (item: Dynamic) => void }) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string | null>(null);
  // The estimate arrives later: it joins the item as it is then, not as it was when asked.
  const latest = useRef({ item, onChange });
  latest.current = { item, onChange };
  const advanced = item.query?.mode === 'advanced' || item.saved_search_id !== null;
  const words = searchText(item.query);
  const { num_items, image_duration, saved_search_id, query } = item;
  useEffect(() => {
    const timer = setTimeout(() => {
      const source = saved_search_id ? { saved_search_id } : { query: query ?? { mode: 'simple' as const, string: '' } };
      api.playlists
        .playlistValidate({ ...source, ...(num_items ? { num_items } : { num_items_all: true }), image_duration })
        .then((estimate: Estimate) => {
          setProblem(null);
          latest.current.onChange({ ...latest.current.item, estimate });
        })
        .catch((failure) => setProblem(messageOf(failure)));
    }, 300);
    return () => clearTimeout(timer);
    // Asked again when what it depends on changes (not when the estimate itself arrives).
  }, [words, num_items, image_duration, saved_search_id]);
  const estimate = item.estimate;
  return (
    <Group align="flex-end" gap="xs">
      <TextInput size="xs" label={t('Name')} value={item.name} onChange={(e) => onChange({ ...item, name: e.currentTarget.value })} />
      {advanced ? (
        <Text size="sm">{saved_search_id ? t('Saved search {{id}}', { id: saved_search_id }) : t('Advanced filters')}</Text>
      ) : (
        <TextInput size="xs" label={t('Search words')} value={words} onChange={(e) => onChange({ ...item, query: { mode: 'simple', string: e.currentTarget.value } })} />
      )}
      <NumberInput size="xs" w={110} label={t('How many')} min={1} disabled={num_items === null} value={num_items ?? ''} onChange={(v) => onChange({ ...item, num_items: Number(v) || 1 })} />
      <Checkbox size="xs" mb={6} label={t('Every match')} checked={num_items === null} onChange={(e) => onChange({ ...item, num_items: e.currentTarget.checked ? null : 5 })} />
      <Text size="sm" aria-live="polite" data-testid="dynamic-estimate">
        {problem ?? (estimate ? t('Finds {{matches}} now: airs {{items}}, {{duration}}', { matches: estimate.matches, items: estimate.num_items, duration: formatDuration(estimate.duration) }) : t('Estimating…'))}
      </Text>
    </Group>
  );
}

// An item's thumbnail in the list (GET /media/thumbnail/{id}: an image, a video frame or audio's
// cover art, scaled by the server), loaded lazily; items without one (204, asked for instead of a
// 404 that the browser's console would report for every row) show their type instead.
import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { credentialQuery } from '../lib/api';
import type { Media } from './media-types';

const mayHaveOne = new Set(['image', 'video', 'audio']);

export function Thumbnail({ item }: { item: Media }) {
  const { t } = useTranslation();
  const [missing, setMissing] = useState(!mayHaveOne.has(item.type));
  if (missing)
    return (
      <Text size="xs" c="dimmed" className="thumbnail thumbnail-none" aria-hidden>
        {t(item.type)}
      </Text>
    );
  return <img className="thumbnail" src={`/api/v2/media/thumbnail/${item.id}?absent=empty&${credentialQuery()}`} alt={t('Thumbnail of {{title}}', { title: item.title })} loading="lazy" width={40} height={40} onError={() => setMissing(true)} />;
}

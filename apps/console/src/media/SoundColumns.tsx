// The library's sound (issue 44): the loudness and true peak of a page's audio items
// (GET /media/loudness), and the analysis's progress over the whole library (GET /media/analysis).
import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { AnalysisProgress as Progress, ItemSoundFigures } from '@airwave/contracts';
import type { z } from 'zod';
import { api } from '../lib/api';
import { displayLocale } from '../lib/locale';
import type { Media } from './media-types';

export type Sound = z.output<typeof ItemSoundFigures>;

/** The figures of the page's audio items, by id (none until they arrive; a failure leaves the columns empty). */
export function usePageSound(items: Media[] | undefined): Map<number, Sound> {
  const [sound, setSound] = useState(new Map<number, Sound>());
  useEffect(() => {
    const ids = (items ?? []).filter((i) => i.type === 'audio').map((i) => i.id);
    if (ids.length === 0) return setSound(new Map());
    let current = true;
    api.media.loudnessList({ ids }).then(
      (figures) => current && setSound(new Map(figures.map((f) => [f.media_id, f]))),
      () => current && setSound(new Map()),
    );
    return () => void (current = false);
  }, [items]);
  return sound;
}

/** A cell: "-14.2 LUFS", "waiting", "undecodable", or nothing for what is not analysed audio. */
export function SoundCell({ figures, unit, value }: { figures: Sound | undefined; unit: string; value: (f: Sound) => number | null }) {
  const { t } = useTranslation();
  if (!figures) return null;
  if (figures.status !== 'analysed') return <Text size="sm" c="dimmed">{figures.status === 'waiting' ? t('waiting') : t('undecodable')}</Text>;
  const v = value(figures);
  return <Text size="sm">{v === null ? '–' : `${v.toFixed(1)} ${unit}`}</Text>;
}

/** Read again whenever `library` changes (a search, an upload), and every 10 s while files wait. */
export function AnalysisProgress({ library }: { library: unknown }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<Progress | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const read = () =>
      api.media.analysisProgress({}).then(
        (p) => {
          if (!live) return;
          setProgress(p);
          if (p.waiting > 0) timer = setTimeout(read, 10_000);
        },
        () => live && setProgress(null),
      );
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [library]);
  if (!progress || progress.waiting + progress.analysed + progress.undecodable === 0) return null;
  const n = (value: number) => value.toLocaleString(displayLocale());
  const all = progress.waiting + progress.analysed + progress.undecodable;
  return (
    <Text size="sm" c="dimmed" aria-live="polite">
      {progress.waiting > 0 ? t('Sound analysed for {{done}} of {{all}} audio items; {{waiting}} waiting.', { done: n(all - progress.waiting), all: n(all), waiting: n(progress.waiting) }) : t('Sound analysed for every audio item.')}
      {progress.undecodable > 0 ? ` ${t('{{n}} could not be decoded.', { n: n(progress.undecodable) })}` : ''}
    </Text>
  );
}

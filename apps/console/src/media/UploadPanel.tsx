// Upload several files by drag and drop (or choosing them): each gets a progress bar, then its
// detected type, format and duration, and a title to give before it joins the library. All the
// finished uploads are saved in one request (all or nothing), with each item's errors beside it.
// A file already in the library (the same bytes) is pointed out, with the choice to leave it out.
import { displayLocale } from '../lib/locale';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/dropzone/styles.css';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { api, fieldErrors, messageOf } from '../lib/api';
import { uploadFile } from '../lib/upload';
import { formatDuration, type Upload } from './media-types';

interface Row {
  file: File;
  progress: number;
  result: Upload | null;
  error: string | null;
  title: string;
  artist: string;
  album: string;
  genre: string;
  /** As typed; sent as a number when it is one. */
  year: string;
}

/** The tags read from the file at upload (issue 35, point 10: album, genre and year too). */
const tagged = (upload: Upload, file: File) => {
  const tag = (name: string) => String(upload.tags[name] ?? '');
  return { title: tag('title') || file.name.replace(/\.[^.]+$/, ''), artist: tag('artist'), album: tag('album'), genre: tag('genre'), year: /^\d{4}/.exec(tag('year'))?.[0] ?? '' };
};


export function UploadPanel({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const patch = (file: File, change: Partial<Row>) => setRows((all) => all.map((r) => (r.file === file ? { ...r, ...change } : r)));

  const add = (files: File[]) => {
    setRows((all) => [...all, ...files.map((file) => ({ file, progress: 0, result: null, error: null, title: '', artist: '', album: '', genre: '', year: '' }))]);
    for (const file of files) {
      uploadFile(file, (progress) => patch(file, { progress }))
        .then((result) => patch(file, { result, ...tagged(result, file) }))
        .catch((failure) => patch(file, { error: messageOf(failure) }));
    }
  };

  const ready = rows.filter((r) => r.result);
  const save = async () => {
    setErrors({});
    setError(null);
    try {
      await api.media.save({ media: ready.map((r) => ({ file_id: r.result!.file_id, file_key: r.result!.file_key, title: r.title, artist: r.artist, album: r.album, genre: r.genre, ...(r.year ? { year: Number(r.year) } : {}) })) });
      notifications.show({ color: 'green', message: t('{{n}} item(s) added to the library.', { n: ready.length }) });
      setRows((all) => all.filter((r) => !r.result));
      onSaved();
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(messageOf(failure));
    }
  };

  return (
    <Stack>
      <Dropzone onDrop={add} multiple aria-label={t('Drop files to upload, or press to choose them')}>
        <Text ta="center" py="lg">
          {t('Drop audio, video, image or document files here, or click to choose them.')}
        </Text>
      </Dropzone>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {rows.map((row, index) => {
        const at = ready.indexOf(row);
        return (
          <Paper key={`${row.file.name}-${index}`} withBorder p="sm" aria-label={t('Upload {{name}}', { name: row.file.name })} role="group">
            <Group justify="space-between">
              <Text fw={600}>{row.file.name}</Text>
              <Text size="sm">{row.result ? `${t(row.result.type)}, ${row.result.format}, ${formatDuration(row.result.duration)}` : row.error ? '' : `${(row.progress).toLocaleString(displayLocale(), { style: 'percent' })}`}</Text>
            </Group>
            <Progress value={row.progress * 100} aria-label={t('Progress of {{name}}', { name: row.file.name })} mt={4} color={row.error ? 'red' : undefined} />
            {row.error && (
              <Group justify="space-between" wrap="nowrap">
                <Text c="red" size="sm" role="alert">
                  {row.error}
                </Text>
                <Button size="xs" variant="default" aria-label={t('Dismiss {{name}}', { name: row.file.name })} onClick={() => setRows((all) => all.filter((r) => r !== row))}>
                  {t('Dismiss')}
                </Button>
              </Group>
            )}
            {row.result && row.result.duplicates.length > 0 && <DuplicateNote upload={row.result} name={row.file.name} onLeaveOut={() => setRows((all) => all.filter((r) => r !== row))} />}
            {row.result && (
              <SimpleGrid mt="xs" cols={{ base: 1, sm: 3 }}>
                <TextInput label={t('Title')} required value={row.title} onChange={(e) => patch(row.file, { title: e.currentTarget.value })} error={errors[`media.${at}.title`]} />
                <TextInput label={t('Artist')} value={row.artist} onChange={(e) => patch(row.file, { artist: e.currentTarget.value })} error={errors[`media.${at}.artist`]} />
                <TextInput label={t('Album')} value={row.album} onChange={(e) => patch(row.file, { album: e.currentTarget.value })} error={errors[`media.${at}.album`]} />
                <TextInput label={t('Genre')} value={row.genre} onChange={(e) => patch(row.file, { genre: e.currentTarget.value })} error={errors[`media.${at}.genre`]} />
                <TextInput label={t('Year')} inputMode="numeric" value={row.year} onChange={(e) => patch(row.file, { year: e.currentTarget.value })} error={errors[`media.${at}.year`]} />
              </SimpleGrid>
            )}
          </Paper>
        );
      })}
      {ready.length > 0 && (
        <Group>
          <Button onClick={() => void save()}>{t('Add {{n}} to the library', { n: ready.length })}</Button>
        </Group>
      )}
    </Stack>
  );
}

/** "Already in the library: “Title” by Artist." with a button to leave this upload out. */
function DuplicateNote({ upload, name, onLeaveOut }: { upload: Upload; name: string; onLeaveOut: () => void }) {
  const { t } = useTranslation();
  const items = upload.duplicates
    .map((item) => {
      const title = item.artist ? t('“{{title}}” by {{artist}}', item) : `“${item.title}”`;
      return item.is_archived ? t('{{item}} (archived)', { item: title }) : title;
    })
    .join(', ');
  return (
    <Alert color="yellow" mt="xs" role="note" title={t('Already in the library')}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">{t('This file is already in the library as {{items}}.', { items })}</Text>
        <Button size="xs" variant="default" aria-label={t('Leave out {{name}}', { name })} onClick={onLeaveOut}>
          {t('Leave it out')}
        </Button>
      </Group>
    </Alert>
  );
}

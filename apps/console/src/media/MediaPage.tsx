// The media library: search (simple or advanced), page through the results, sort, select items to
// edit, archive, restore or delete; upload new files; listen to an item in the page; its versions.
import { pageControl } from './media-types';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Collapse, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { api, credentialQuery, messageOf } from '../lib/api';
import { useSession } from '../session/session-context';
import { EditItemsModal } from './EditItemsModal';
import { LibraryActions } from './LibraryActions';
import { MediaTable } from './MediaTable';
import { PAGE_SIZE, type Media, type SearchState } from './media-types';
import { SavedSearches } from './SavedSearches';
import { SearchBar } from './SearchBar';
import { AnalysisProgress, usePageSound } from './SoundColumns';
import { UploadPanel } from './UploadPanel';
import { VersionsModal } from './VersionsModal';
import './media.css';
import { displayLocale } from '../lib/locale';

const initial: SearchState = { mode: 'simple', text: '', filters: [], status: 'approved', mine: false, sortBy: 'updated', sortDir: 'desc', page: 1 };

export default function MediaPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [search, setSearch] = useState(initial);
  const [result, setResult] = useState<{ total: number; exact: boolean; items: Media[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<Media[] | null>(null);
  const [uploading, setUploading] = useState(false);
  const [listening, setListening] = useState<Media | null>(null);
  const [versionsOf, setVersionsOf] = useState<Media | null>(null);
  const [searchKey, setSearchKey] = useState(0);
  const sound = usePageSound(result?.items);

  const load = useCallback(async () => {
    setError(null);
    try {
      const q = search.mode === 'simple' ? { mode: 'simple' as const, string: search.text } : { mode: 'advanced' as const, filters: search.filters };
      const reply = await api.media.search({ q, l: PAGE_SIZE, o: (search.page - 1) * PAGE_SIZE, sort_by: search.sortBy, sort_dir: search.sortDir, s: search.status, ...(search.mine ? { my: true } : {}), ...(search.mode === 'advanced' ? { save_history: true } : {}) });
      setResult({ total: reply.num_results, exact: reply.num_results_exact, items: reply.media });
      setSelected(new Set());
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, [search]);

  useEffect(() => {
    void load();
  }, [load]);

  const mayCreate = session.can('create_own_media') || session.can('manage_media');
  const mayEdit = (item: Media) => mayCreate && item.can_edit;
  const pages = result ? Math.max(1, Math.ceil(result.total / PAGE_SIZE)) : 1;
  const first = (search.page - 1) * PAGE_SIZE;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('Media')}</Title>
        {mayCreate && (
          <Button variant={uploading ? 'default' : 'filled'} onClick={() => setUploading(!uploading)} aria-expanded={uploading}>
            {uploading ? t('Hide uploads') : t('Upload files')}
          </Button>
        )}
      </Group>
      <Collapse expanded={uploading}>{mayCreate && <UploadPanel onSaved={() => void load()} />}</Collapse>
      <SearchBar key={searchKey} value={search} onSearch={setSearch} />
      <SavedSearches
        onApply={(filters) => {
          setSearch({ ...search, mode: 'advanced', filters, page: 1 });
          setSearchKey((k) => k + 1);
        }}
      />
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {listening && (
        <Group>
          <Text size="sm">{t('Listening to {{title}}', { title: listening.title })}</Text>
          <audio controls autoPlay src={`/api/v2/downloads/media/${listening.id}?${credentialQuery()}`} aria-label={t('Player: {{title}}', { title: listening.title })} />
        </Group>
      )}
      <Group justify="space-between">
        <Text size="sm" aria-live="polite">
          {result ? (result.total === 0 ? t('No items found.') : t(result.exact ? '{{from}}–{{to}} of {{total}}' : '{{from}}–{{to}} of about {{total}}', { from: first + 1, to: first + result.items.length, total: result.total.toLocaleString(displayLocale()) })) : t('Searching…')}
        </Text>
        <LibraryActions ids={[...selected]} status={search.status} titleOf={(id) => result?.items.find((i) => i.id === id)?.title ?? t('item {{id}}', { id })} mayEdit={mayCreate} notEditable={result?.items.filter((i) => selected.has(i.id) && !i.can_edit).map((i) => i.title) ?? []} onEdit={() => setEditing(result!.items.filter((i) => selected.has(i.id)))} onDone={() => void load()} onError={setError} />
      </Group>
      {result && (
        <div className="media-table-scroll">
          <MediaTable
            items={result.items}
            selected={selected}
            onSelect={setSelected}
            search={search}
            onSort={(sortBy) => setSearch({ ...search, sortBy, sortDir: search.sortBy === sortBy && search.sortDir === 'asc' ? 'desc' : 'asc', page: 1 })}
            onEdit={(item) => setEditing([item])}
            mayEdit={mayEdit}
            onListen={setListening}
            onVersions={setVersionsOf}
            sound={sound}
          />
        </div>
      )}
      <AnalysisProgress library={result} />
      {pages > 1 && <Pagination total={pages} value={search.page} onChange={(page) => setSearch({ ...search, page })} aria-label={t('Pages of results')} getControlProps={(control) => ({ 'aria-label': pageControl(control) })} />}
      {versionsOf && <VersionsModal item={versionsOf} manage={mayCreate && versionsOf.can_edit} onClose={() => setVersionsOf(null)} onChanged={() => void load()} />}
      {editing && (
        <EditItemsModal
          items={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
    </Stack>
  );
}

import { Checkbox, Group, Select, SimpleGrid, TagsInput, TextInput, Textarea } from '@mantine/core';
import type { Media } from './media-types';

export type Draft = Pick<Media, 'id' | 'version' | 'title' | 'artist' | 'album' | 'year' | 'genre' | 'category' | 'country' | 'language' | 'comments' | 'status' | 'is_approved' | 'dynamic_select' | 'is_copyright_owner' | 'permitted_users' | 'permitted_groups'>;

const text = ['title', 'artist', 'album', 'genre', 'category', 'country', 'language'] as const;
const labels: Record<(typeof text)[number], string> = { title: 'Title', artist: 'Artist', album: 'Album', genre: 'Genre', category: 'Category', country: 'Country', language: 'Language' };

/** The fields of one item in the edit dialog; `errors` are the server's, by field name. */
export function ItemFields({ draft, onChange, errors, advanced, approve }: { draft: Draft; onChange: (draft: Draft) => void; errors: Record<string, string>; advanced: boolean; approve: boolean }) {
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => onChange({ ...draft, [name]: value });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {text.map((name) => (
          <TextInput key={name} label={labels[name]} required={name === 'title'} value={draft[name]} onChange={(e) => set(name, e.currentTarget.value)} error={errors[name]} />
        ))}
        <TextInput label="Year" value={draft.year === null ? '' : String(draft.year)} onChange={(e) => set('year', e.currentTarget.value === '' ? null : (e.currentTarget.value as unknown as number))} error={errors.year} inputMode="numeric" />
        <Select
          label="Visibility"
          data={[
            { value: 'public', label: 'Public' },
            { value: 'visible', label: 'Visible' },
            { value: 'private', label: 'Private' },
          ]}
          value={draft.status}
          onChange={(v) => v && set('status', v as Draft['status'])}
          allowDeselect={false}
          error={errors.status}
        />
      </SimpleGrid>
      <Textarea label="Comments" value={draft.comments} onChange={(e) => set('comments', e.currentTarget.value)} error={errors.comments} mt="xs" autosize minRows={1} />
      <Group mt="xs">
        {approve && <Checkbox label="Approved" checked={draft.is_approved} onChange={(e) => set('is_approved', e.currentTarget.checked)} />}
        <Checkbox label="Dynamic selection" checked={draft.dynamic_select} onChange={(e) => set('dynamic_select', e.currentTarget.checked)} />
        <Checkbox label="Copyright owner" checked={draft.is_copyright_owner} onChange={(e) => set('is_copyright_owner', e.currentTarget.checked)} />
      </Group>
      {advanced && (
        <SimpleGrid cols={2} mt="xs">
          <TagsInput label="Permitted user ids" value={draft.permitted_users.map(String)} onChange={(v) => set('permitted_users', v.map(Number).filter(Number.isInteger))} error={errors.permitted_users} />
          <TagsInput label="Permitted group ids" value={draft.permitted_groups.map(String)} onChange={(v) => set('permitted_groups', v.map(Number).filter(Number.isInteger))} error={errors.permitted_groups} />
        </SimpleGrid>
      )}
    </>
  );
}

import { msg } from '../i18n';
import { useTranslation } from 'react-i18next';
import { Checkbox, Group, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { Media } from './media-types';
import { SharePicker } from './SharePicker';

export type Draft = Pick<Media, 'id' | 'version' | 'title' | 'artist' | 'album' | 'isrc' | 'label' | 'year' | 'genre' | 'category' | 'country' | 'language' | 'comments' | 'status' | 'is_approved' | 'dynamic_select' | 'is_copyright_owner' | 'permitted_users' | 'permitted_groups'>;

const text = ['title', 'artist', 'album', 'label', 'isrc', 'genre', 'category', 'country', 'language'] as const;
const labels: Record<(typeof text)[number], string> = { title: msg('Title'), artist: msg('Artist'), album: msg('Album'), label: msg('Record label'), isrc: msg('ISRC'), genre: msg('Genre'), category: msg('Category'), country: msg('Country'), language: msg('Language') };

/** The fields of one item in the edit dialog; `errors` are the server's, by field name. */
export function ItemFields({ draft, onChange, errors, advanced, approve }: { draft: Draft; onChange: (draft: Draft) => void; errors: Record<string, string>; advanced: boolean; approve: boolean }) {
  const { t } = useTranslation();
  const set = <K extends keyof Draft>(name: K, value: Draft[K]) => onChange({ ...draft, [name]: value });
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {text.map((name) => (
          <TextInput key={name} label={t(labels[name])} required={name === 'title'} value={draft[name]} onChange={(e) => set(name, e.currentTarget.value)} error={errors[name]} />
        ))}
        <TextInput label={t('Year')} value={draft.year === null ? '' : String(draft.year)} onChange={(e) => set('year', e.currentTarget.value === '' ? null : (e.currentTarget.value as unknown as number))} error={errors.year} inputMode="numeric" />
        <Select
          label={t('Visibility')}
          data={[
            { value: 'public', label: t('Public') },
            { value: 'visible', label: t('Visible') },
            { value: 'private', label: t('Private') },
          ]}
          value={draft.status}
          onChange={(v) => v && set('status', v as Draft['status'])}
          allowDeselect={false}
          error={errors.status}
        />
      </SimpleGrid>
      <Textarea label={t('Comments')} value={draft.comments} onChange={(e) => set('comments', e.currentTarget.value)} error={errors.comments} mt="xs" autosize minRows={1} />
      <Group mt="xs">
        {approve && <Checkbox label={t('Approved')} checked={draft.is_approved} onChange={(e) => set('is_approved', e.currentTarget.checked)} />}
        <Checkbox label={t('Dynamic selection')} checked={draft.dynamic_select} onChange={(e) => set('dynamic_select', e.currentTarget.checked)} />
        <Checkbox label={t('Copyright owner')} checked={draft.is_copyright_owner} onChange={(e) => set('is_copyright_owner', e.currentTarget.checked)} />
      </Group>
      {advanced && (
        <SimpleGrid cols={2} mt="xs">
          <SharePicker kind="users" label={t('Users who may edit it')} value={draft.permitted_users} onChange={(ids) => set('permitted_users', ids)} error={errors.permitted_users} />
          <SharePicker kind="groups" label={t('Groups who may edit it')} value={draft.permitted_groups} onChange={(ids) => set('permitted_groups', ids)} error={errors.permitted_groups} />
        </SimpleGrid>
      )}
    </>
  );
}

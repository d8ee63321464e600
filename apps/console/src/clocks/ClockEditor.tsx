// Create or edit a clock: its name, length, fill category and overrun, its hour as a wheel and as
// the list of slots, and the rules it tightens. A save answers what an hour of it could not do
// from the library as it is (its warnings), shown here, the editor staying open to mend them.
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, List, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useReturnFocus } from '../components/use-return-focus';
import type { Category, Clock } from './clock-types';
import { ClockRulesFields } from './ClockRulesFields';
import { ClockWheel } from './ClockWheel';
import { SlotList } from './SlotList';
import { useClockEditor } from './use-clock-editor';
import { useKnownItems } from './use-known-items';

interface Props {
  clock: Clock | null;
  categories: Category[];
  /** Read, not saved: for those without manage_players. */
  readOnly?: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function ClockEditor({ clock, categories, readOnly = false, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  useReturnFocus();
  const { draft, set, errors, error, warnings, saving, save } = useClockEditor(clock, onSaved);
  const items = useKnownItems(draft.slots.flatMap((slot) => (slot.kind === 'fixed' && slot.media_id ? [slot.media_id] : [])));
  const choices = categories.map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <Modal opened onClose={onClose} size="80rem" title={clock ? t('Edit clock {{name}}', { name: clock.name }) : t('New clock')}>
      <Stack>
        {error && <Alert color="red" role="alert" title={t('Not saved')}>{error}</Alert>}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack gap="xs">
            <TextInput label={t('Name')} required value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} />
            <Textarea label={t('Description')} autosize minRows={1} value={draft.description} onChange={(e) => set('description', e.currentTarget.value)} error={errors.description} />
            <NumberInput label={t('Length of the hour (minutes)')} min={1} max={60} decimalScale={2} value={draft.target_seconds / 60} onChange={(v) => set('target_seconds', Math.min(3600, Math.max(60, Math.round((Number(v) || 60) * 60))))} error={errors.target_seconds} />
            <Select label={t('Fill category')} description={t('Fills a short hour, and the gap before a hard fixed event')} allowDeselect={false} data={[{ value: '0', label: t('None') }, ...choices]} value={String(draft.fill_category_id ?? 0)} onChange={(v) => set('fill_category_id', Number(v) || null)} error={errors.fill_category_id} />
            <Select label={t('When the slots run long')} allowDeselect={false} data={[{ value: 'fade_last', label: t('Fade the last song at the end') }, { value: 'keep', label: t('Let the last song end') }]} value={draft.overrun} onChange={(v) => v && set('overrun', v as 'fade_last' | 'keep')} />
          </Stack>
          <ClockWheel draft={draft} categories={categories} items={items} />
        </SimpleGrid>
        <Title order={3} size="h5">{t('Slots, in airing order')}</Title>
        {categories.length === 0 && <Text size="sm">{t('No categories yet: make them under Categories first.')}</Text>}
        <SlotList slots={draft.slots} categories={categories} errors={errors} onChange={(slots) => set('slots', slots)} />
        <ClockRulesFields rules={draft.rules} errors={errors} onChange={(rules) => set('rules', rules)} />
        {warnings && (
          <Alert role="status" color={warnings.length ? 'orange' : 'green'} title={warnings.length ? t('Saved. An hour of it cannot do everything:') : t('Saved. The hour fills.')}>
            {warnings.length > 0 ? <List size="sm">{warnings.map((w) => <List.Item key={w}>{w}</List.Item>)}</List> : t('Every slot finds songs that may air, and the hour is full.')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{warnings || readOnly ? t('Done') : t('Cancel')}</Button>
          {!readOnly && <Button loading={saving} onClick={() => void save()}>{t('Save clock')}</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}

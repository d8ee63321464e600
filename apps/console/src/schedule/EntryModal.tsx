// Create or edit a show or a timeslot: one time or recurring, in the player's zone, with a
// plain-language summary of what will be scheduled. The server's refusals (a collision names the
// entry and time it overlaps) are shown in the dialog, which keeps what was typed. A live show
// (not a split) has its own source password, write only (SourcePasswordField). A show airs a media
// item, a playlist or the live input, and has its own name, description and colour (issue 43, N2).
import { displayLocale } from '../lib/locale';
import { msg } from '../i18n';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../session/session-context';
import { deleteEntry, saveEntry } from './entry-io';
import { ExceptionList } from './ExceptionList';
import { ShowIdentityFields } from './ShowIdentityFields';
import { asItemType, itemTypeChoices, ShowItemPicker } from './ShowItemPicker';
import { SourcePasswordField } from './SourcePasswordField';
import { localLabel, restoreOccurrence, splitEntry } from './occurrence-io';
import { summary, zoneName } from './recurrence';
import type { EntryDraft, Mode, Player } from './schedule-types';
import { useActions } from './use-actions';
import { useReturnFocus } from '../components/use-return-focus';

const modes: { value: Mode; label: string }[] = [
  { value: 'once', label: msg('Once') },
  { value: 'daily', label: msg('Every day') },
  { value: 'weekly', label: msg('Every week') },
  { value: 'monthly', label: msg('Every month') },
  { value: 'xdays', label: msg('Every few days') },
  { value: 'xweeks', label: msg('Every few weeks') },
  { value: 'xmonths', label: msg('Every few months') },
];

interface Props {
  initial: EntryDraft;
  player: Player;
  /** "This and following": the original start of the occurrence the series is split at. */
  splitAt?: string | undefined;
  onClose: () => void;
  onSaved: () => void;
  /** The calendar changed and the dialog stays open (an exception restored). */
  onChanged: () => void;
  onCollision: (id: number | null) => void;
  /** Whether timeslots may be made here (manage_timeslots); else only shows are offered. */
  mayTimeslots: boolean;
}

export function EntryModal({ initial, player, splitAt, onClose, onSaved, onChanged, onCollision, mayTimeslots }: Props) {
  const { t } = useTranslation();
  useReturnFocus();
  const session = useSession();
  const [draft, setDraft] = useState(initial);
  const { errors, error, act } = useActions(onCollision, onSaved);
  const set = <K extends keyof EntryDraft>(name: K, value: EntryDraft[K]) => setDraft((d) => ({ ...d, [name]: value }));
  const show = draft.kind === 'show';
  // Another kind of item: the one chosen before was of the old kind.
  const chooseItemType = (itemType: EntryDraft['itemType']) => setDraft((d) => (d.itemType === itemType ? d : { ...d, itemType, itemId: null, itemTitle: '' }));
  const names = { player: player.name, from: splitAt ? localLabel(splitAt, player.timezone) : '' };
  const title = splitAt
    ? show ? t('Change from {{from}} on: show on {{player}}', names) : t('Change from {{from}} on: timeslot on {{player}}', names)
    : draft.id ? (show ? t('Edit show on {{player}}', names) : t('Edit timeslot on {{player}}', names)) : show ? t('New show on {{player}}', names) : t('New timeslot on {{player}}', names);
  // A save that leaves exceptions without their occurrence keeps the dialog open to say so.
  const save = () =>
    act(() => saveEntry(draft, player), show ? t('The show was saved.') : t('The timeslot was saved.'), (exceptions) => {
      if (!exceptions.some((e) => !e.matches)) return onSaved();
      set('exceptions', exceptions);
      onChanged();
    });
  const restore = (exceptionId: number) =>
    act(() => restoreOccurrence(draft.kind, draft.id!, exceptionId), t('The occurrence is back as the series has it.'), () => {
      set('exceptions', draft.exceptions?.filter((e) => e.id !== exceptionId));
      onChanged();
    });

  return (
    <Modal opened onClose={onClose} size="lg" title={title}>
      <Stack>
        {error && (
          <Alert color="red" role="alert" title={t('Not saved')}>
            {error}
          </Alert>
        )}
        {draft.id && !splitAt && draft.exceptions && draft.exceptions.length > 0 && <ExceptionList exceptions={draft.exceptions} zone={player.timezone} onRestore={(id) => void restore(id)} />}
        {!draft.id && mayTimeslots && (
          <SegmentedControl aria-label={t('Kind')} data={[{ value: 'show', label: t('Show') }, { value: 'timeslot', label: t('Timeslot') }]} value={draft.kind} onChange={(v) => set('kind', v as EntryDraft['kind'])} />
        )}
        <SimpleGrid cols={3}>
          <TextInput type="date" label={t('Date')} required value={draft.date} onChange={(e) => set('date', e.currentTarget.value)} error={errors.start} />
          <TextInput type="time" label={t('Time ({{zone}})', { zone: zoneName(player.timezone) })} required value={draft.time} onChange={(e) => set('time', e.currentTarget.value)} />
          <NumberInput label={t('Length (minutes)')} required min={1} value={draft.durationMinutes} onChange={(v) => set('durationMinutes', Number(v) || 0)} error={errors.duration} />
        </SimpleGrid>
        <SimpleGrid cols={3}>
          <Select label={t('Repeat')} data={modes.map((m) => ({ value: m.value, label: t(m.label) }))} value={draft.mode} onChange={(v) => v && set('mode', v as Mode)} allowDeselect={false} error={errors.mode} />
          {draft.mode.startsWith('x') && <NumberInput label={t('Every how many')} min={1} max={1000} value={draft.every} onChange={(v) => set('every', Number(v) || 1)} error={errors.x_data} />}
          {draft.mode !== 'once' && <TextInput type="date" label={t('Last day (optional)')} description={t('Empty: until changed')} value={draft.stop} onChange={(e) => set('stop', e.currentTarget.value)} error={errors.stop} />}
        </SimpleGrid>
        {draft.kind === 'show' ? (
          <SimpleGrid cols={2}>
            <Select label={t('What airs')} data={itemTypeChoices.map((c) => ({ value: c.value, label: t(c.label) }))} value={draft.itemType} onChange={(v) => chooseItemType(asItemType(v))} allowDeselect={false} />
            <ShowItemPicker itemType={draft.itemType} itemId={draft.itemId} title={draft.itemTitle} onChange={(id, title) => setDraft((d) => ({ ...d, itemId: id, itemTitle: title }))} error={errors.item_id} showSeconds={draft.durationMinutes * 60} />
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={2}>
            <TextInput label={t('Description')} value={draft.description} onChange={(e) => set('description', e.currentTarget.value)} error={errors.description} />
            {session.can('manage_timeslots') && <NumberInput label={t('For user (id)')} min={1} value={draft.userId} onChange={(v) => set('userId', Number(v) || session.user.id)} error={errors.user_id} />}
          </SimpleGrid>
        )}
        {show && <ShowIdentityFields draft={draft} onChange={(change) => setDraft((d) => ({ ...d, ...change }))} errors={errors} />}
        {show && draft.itemType === 'live' && !splitAt && <SourcePasswordField draft={draft} onChange={(change) => setDraft((d) => ({ ...d, ...change }))} error={errors.source_password} />}
        <Text size="sm" aria-live="polite" data-testid="entry-summary">
          {show ? t('This show airs {{summary}}.', { summary: summary(draft, player.timezone, displayLocale()) }) : t('This timeslot airs {{summary}}.', { summary: summary(draft, player.timezone, displayLocale()) })}
        </Text>
        <Group justify="space-between">
          <Group>
            {draft.id && !splitAt && (
              <Button color="red" variant="light" onClick={() => void act(() => deleteEntry(draft), show ? t('The show was deleted.') : t('The timeslot was deleted.'))}>
                {show ? t('Delete show') : t('Delete timeslot')}
              </Button>
            )}
          </Group>
          <Group>
            <Button variant="default" onClick={onClose}>
              {t('Cancel')}
            </Button>
            {splitAt ? (
              <Button onClick={() => void act(() => splitEntry(draft, player, splitAt), show ? t('The show changes from {{from}} on.', names) : t('The timeslot changes from {{from}} on.', names))}>{t('Save from this occurrence on')}</Button>
            ) : (
              <Button onClick={() => void save()}>{show ? t('Save show') : t('Save timeslot')}</Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

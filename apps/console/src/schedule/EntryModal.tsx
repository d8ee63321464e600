// Create or edit a show or a timeslot: one time or recurring, in the player's zone, with a
// plain-language summary of what will be scheduled. The server's refusals (a collision names the
// entry and time it overlaps) are shown in the dialog, which keeps what was typed.
import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../session/session-context';
import { deleteEntry, saveEntry } from './entry-io';
import { ExceptionList } from './ExceptionList';
import { MediaPicker } from './MediaPicker';
import { localLabel, restoreOccurrence, splitEntry } from './occurrence-io';
import { summary, zoneName } from './recurrence';
import type { EntryDraft, Mode, Player } from './schedule-types';
import { useActions } from './use-actions';
import { useReturnFocus } from '../components/use-return-focus';

const modes: { value: Mode; label: string }[] = [
  { value: 'once', label: 'Once' },
  { value: 'daily', label: 'Every day' },
  { value: 'weekly', label: 'Every week' },
  { value: 'monthly', label: 'Every month' },
  { value: 'xdays', label: 'Every few days' },
  { value: 'xweeks', label: 'Every few weeks' },
  { value: 'xmonths', label: 'Every few months' },
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
  useReturnFocus();
  const session = useSession();
  const [draft, setDraft] = useState(initial);
  const { errors, error, act } = useActions(onCollision, onSaved);
  const set = <K extends keyof EntryDraft>(name: K, value: EntryDraft[K]) => setDraft((d) => ({ ...d, [name]: value }));
  const what = draft.kind === 'show' ? 'show' : 'timeslot';
  const title = splitAt ? `Change from ${localLabel(splitAt, player.timezone)} on: ${what} on ${player.name}` : `${draft.id ? 'Edit' : 'New'} ${what} on ${player.name}`;
  // A save that leaves exceptions without their occurrence keeps the dialog open to say so.
  const save = () =>
    act(() => saveEntry(draft, player), `The ${what} was saved.`, (exceptions) => {
      if (!exceptions.some((e) => !e.matches)) return onSaved();
      set('exceptions', exceptions);
      onChanged();
    });
  const restore = (exceptionId: number) =>
    act(() => restoreOccurrence(draft.kind, draft.id!, exceptionId), 'The occurrence is back as the series has it.', () => {
      set('exceptions', draft.exceptions?.filter((e) => e.id !== exceptionId));
      onChanged();
    });

  return (
    <Modal opened onClose={onClose} size="lg" title={title}>
      <Stack>
        {error && (
          <Alert color="red" role="alert" title="Not saved">
            {error}
          </Alert>
        )}
        {draft.id && !splitAt && draft.exceptions && draft.exceptions.length > 0 && <ExceptionList exceptions={draft.exceptions} zone={player.timezone} onRestore={(id) => void restore(id)} />}
        {!draft.id && mayTimeslots && (
          <SegmentedControl aria-label="Kind" data={[{ value: 'show', label: 'Show' }, { value: 'timeslot', label: 'Timeslot' }]} value={draft.kind} onChange={(v) => set('kind', v as EntryDraft['kind'])} />
        )}
        <SimpleGrid cols={3}>
          <TextInput type="date" label="Date" required value={draft.date} onChange={(e) => set('date', e.currentTarget.value)} error={errors.start} />
          <TextInput type="time" label={`Time (${zoneName(player.timezone)})`} required value={draft.time} onChange={(e) => set('time', e.currentTarget.value)} />
          <NumberInput label="Length (minutes)" required min={1} value={draft.durationMinutes} onChange={(v) => set('durationMinutes', Number(v) || 0)} error={errors.duration} />
        </SimpleGrid>
        <SimpleGrid cols={3}>
          <Select label="Repeat" data={modes} value={draft.mode} onChange={(v) => v && set('mode', v as Mode)} allowDeselect={false} error={errors.mode} />
          {draft.mode.startsWith('x') && <NumberInput label="Every how many" min={1} max={1000} value={draft.every} onChange={(v) => set('every', Number(v) || 1)} error={errors.x_data} />}
          {draft.mode !== 'once' && <TextInput type="date" label="Last day (optional)" description="Empty: until changed" value={draft.stop} onChange={(e) => set('stop', e.currentTarget.value)} error={errors.stop} />}
        </SimpleGrid>
        {draft.kind === 'show' ? (
          <SimpleGrid cols={2}>
            <Select label="What airs" data={[{ value: 'media', label: 'A media item' }, { value: 'live', label: 'Live (line-in)' }]} value={draft.itemType} onChange={(v) => set('itemType', v === 'live' ? 'live' : 'media')} allowDeselect={false} />
            {draft.itemType === 'media' && <MediaPicker value={draft.itemId} title={draft.itemTitle} onChange={(id, title) => setDraft((d) => ({ ...d, itemId: id, itemTitle: title }))} error={errors.item_id} showSeconds={draft.durationMinutes * 60} />}
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={2}>
            <TextInput label="Description" value={draft.description} onChange={(e) => set('description', e.currentTarget.value)} error={errors.description} />
            {session.can('manage_timeslots') && <NumberInput label="For user (id)" min={1} value={draft.userId} onChange={(v) => set('userId', Number(v) || session.user.id)} error={errors.user_id} />}
          </SimpleGrid>
        )}
        <Text size="sm" aria-live="polite" data-testid="entry-summary">
          This {what} airs {summary(draft, player.timezone)}.
        </Text>
        <Group justify="space-between">
          <Group>
            {draft.id && !splitAt && (
              <Button color="red" variant="light" onClick={() => void act(() => deleteEntry(draft), `The ${what} was deleted.`)}>
                Delete {what}
              </Button>
            )}
          </Group>
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {splitAt ? (
              <Button onClick={() => void act(() => splitEntry(draft, player, splitAt), `The ${what} changes from ${localLabel(splitAt, player.timezone)} on.`)}>Save from this occurrence on</Button>
            ) : (
              <Button onClick={() => void save()}>Save {what}</Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

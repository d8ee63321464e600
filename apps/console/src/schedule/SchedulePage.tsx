// The schedule: choose a player (remembered with the schedules page's last-player setting), see
// its week in its own zone, go to any week, and create or open shows and timeslots.
import { useTranslation } from 'react-i18next';
import type FullCalendar from '@fullcalendar/react';
import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateTime } from 'luxon';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, messageOf } from '../lib/api';
import { useSession } from '../session/session-context';
import { loadEntry } from './entry-io';
import { EntryModal } from './EntryModal';
import type { Occurrence } from './occurrence-io';
import { OccurrenceModal } from './OccurrenceModal';
import { PlayerModal } from './PlayerModal';
import { zoneName } from './recurrence';
import type { EntryDraft, Player } from './schedule-types';
import { useDrag } from './use-drag';
import { WeekCalendar } from './WeekCalendar';
import './schedule.css';

export default function SchedulePage() {
  const { t } = useTranslation();
  const session = useSession();
  const calendar = useRef<FullCalendar>(null);
  const [players, setPlayers] = useState<Player[] | null>(null);
  const [playerId, setPlayerId] = useState<number | null>(null);
  const [editing, setEditing] = useState<EntryDraft | null>(null);
  const [occurrence, setOccurrence] = useState<Occurrence | null>(null);
  const [splitAt, setSplitAt] = useState<string | undefined>(undefined);
  const [creatingPlayer, setCreatingPlayer] = useState(false);
  const [collision, setCollision] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [week, setWeek] = useState('');
  const player = players?.find((p) => p.id === playerId) ?? null;
  const manage = session.can('manage_timeslots');
  // What the server allows is all that is offered (issue 35, point 5): timeslots with
  // manage_timeslots (for every player or this one), shows also inside one's own timeslots.
  const manageHere = manage || (player !== null && session.permissions.includes(`manage_timeslots:${player.id}`));
  const [ownSlots, setOwnSlots] = useState(0);
  const mayCreate = manageHere || ownSlots > 0;
  // What the server lets be changed, opened or dragged: timeslots with manage_timeslots here; shows
  // also when they are one's own (inside one's timeslots).
  const movable = useCallback((kind: Occurrence['kind'], ownerId: number) => manageHere || (kind === 'show' && ownerId === session.user.id), [manageHere, session.user.id]);

  useEffect(() => {
    Promise.all([api.scheduling.playerList({}), api.scheduling.showsLastGet({}).catch(() => null)])
      .then(([list, last]) => {
        setPlayers(list);
        setPlayerId(list.find((p) => p.id === last)?.id ?? list[0]?.id ?? null);
      })
      .catch((failure) => setError(messageOf(failure)));
  }, []);

  const choose = (id: number) => {
    setPlayerId(id);
    void api.scheduling.showsLastSet({ player: id }).catch(() => undefined);
  };

  const blank = useCallback(
    (start: DateTime, minutes: number): EntryDraft => ({ kind: 'show', id: null, date: start.toISODate()!, time: start.toFormat('HH:mm'), durationMinutes: minutes, mode: 'once', every: 2, stop: '', itemType: 'media', itemId: null, itemTitle: '', name: '', colour: '', sourcePassword: '', hasSourcePassword: false, removeSourcePassword: false, description: '', userId: session.user.id }),
    [session.user.id],
  );
  // A recurring entry's occurrence asks which occurrences to change; a one-time entry opens at once.
  const open = async (clicked: Occurrence, scope?: 'following' | 'all') => {
    if (!movable(clicked.kind, clicked.userId)) return;
    if (clicked.recurring && !scope) return setOccurrence(clicked);
    setOccurrence(null);
    try {
      const draft = await loadEntry(clicked.kind, clicked.entryId, player!, blank(DateTime.now(), 60));
      if (scope !== 'following') return edit(draft);
      const at = DateTime.fromISO(clicked.originalStart, { setZone: true }).setZone(player!.timezone);
      edit({ ...draft, date: at.toISODate()!, time: at.toFormat('HH:mm') }, clicked.originalStart);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  const edit = (draft: EntryDraft | null, at?: string) => {
    setSplitAt(at);
    setEditing(draft);
  };
  const refresh = () => calendar.current?.getApi().refetchEvents();
  const onError = useCallback((message: string) => setError(message), []);
  const drag = useDrag({ player, refresh, onCollision: setCollision, onError: setError });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('Schedule')}</Title>
        <Group>
          {session.can('manage_players') && (
            <Button variant="default" onClick={() => setCreatingPlayer(true)}>
              {t('New player')}
            </Button>
          )}
          {player && mayCreate && <Button onClick={() => edit(blank(DateTime.now().setZone(player.timezone).plus({ hours: 1 }).startOf('hour'), 60))}>{t('New show or timeslot')}</Button>}
        </Group>
      </Group>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {players?.length === 0 && <Text>{session.can('manage_players') ? t('No players yet. Create one to schedule on it.') : t('No players yet.')}</Text>}
      {players && players.length > 0 && (
        <Group align="flex-end">
          <Select label={t('Player')} data={players.map((p) => ({ value: String(p.id), label: p.name }))} value={playerId ? String(playerId) : null} onChange={(v) => v && choose(Number(v))} allowDeselect={false} />
          {player && <Text size="sm" mb={8}>{t('Times are {{zone}} time ({{timezone}}).', { zone: zoneName(player.timezone), timezone: player.timezone })}</Text>}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (week) calendar.current?.getApi().gotoDate(week);
            }}
          >
            <Group align="flex-end" gap="xs">
              <TextInput type="date" label={t('Go to the week of')} value={week} onChange={(e) => setWeek(e.currentTarget.value)} />
              <Button type="submit" variant="default">
                {t('Go')}
              </Button>
            </Group>
          </form>
        </Group>
      )}
      {player && !manage && <Text size="sm">{mayCreate ? t('You see your own timeslots and every show.') : t('You see your own timeslots and every show. You have no timeslot here this week, so there is nothing you may schedule: shows go inside your own timeslots.')}</Text>}
      {player && (
        <WeekCalendar
          key={player.id}
          ref={calendar}
          player={player}
          timeslotsOf={manage ? null : session.user.id}
          collision={collision}
          editable={mayCreate}
          onOwnSlots={setOwnSlots}
          onSelect={(start, minutes) => edit(blank(start, minutes))}
          onOpen={(clicked) => void open(clicked)}
          onError={onError}
          movable={movable}
          onDrag={drag.dragged}
        />
      )}
      {drag.dialog}
      {occurrence && player && (
        <OccurrenceModal
          occurrence={occurrence}
          player={player}
          onClose={() => setOccurrence(null)}
          onCollision={setCollision}
          onScope={(scope) => void open(occurrence, scope)}
          onSaved={() => {
            setOccurrence(null);
            refresh();
          }}
        />
      )}
      {editing && player && (
        <EntryModal
          initial={editing}
          player={player}
          splitAt={splitAt}
          mayTimeslots={manageHere}
          onClose={() => edit(null)}
          onCollision={setCollision}
          onChanged={refresh}
          onSaved={() => {
            edit(null);
            refresh();
          }}
        />
      )}
      {creatingPlayer && (
        <PlayerModal
          onClose={() => setCreatingPlayer(false)}
          onSaved={(created) => {
            setCreatingPlayer(false);
            setPlayers([...(players ?? []), created]);
            choose(created.id);
          }}
        />
      )}
    </Stack>
  );
}

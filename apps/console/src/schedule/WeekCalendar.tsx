// The week of one player in its own time zone (FullCalendar's time grid, zones by Luxon):
// timeslots and shows side by side (a show by its name, in its colour, with a bar of how much of it
// its items fill), each day headed with its length where a DST change makes it
// 23 or 25 hours. Selecting a range starts a new entry there; clicking an entry opens it; an entry
// the user may change can be dragged or resized (on a touch screen after a long press, so a swipe
// still scrolls).
import frLocale from '@fullcalendar/core/locales/fr';
import { i18n } from '../i18n';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import luxonPlugin from '@fullcalendar/luxon3';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { EventApi, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import { DateTime } from 'luxon';
import { forwardRef, useCallback } from 'react';
import { api } from '../lib/api';
import { newTimes, type NewTimes } from './drag-plan';
import { localLabel, type Occurrence } from './occurrence-io';
import { hoursInDay } from './recurrence';
import type { Player, ShowRow, TimeslotRow } from './schedule-types';
import { fillOf, isColour, textOn, type Fill } from './show-look';
import { displayLocale } from '../lib/locale';

interface Props {
  player: Player;
  /** Whose timeslots to list: everyone's (manage_timeslots) or one user's. */
  timeslotsOf: number | null;
  collision: number | null;
  /** Whether entries may be made and opened here (else the calendar is only read). */
  editable: boolean;
  /** How many of the user's own timeslots the shown dates hold (when only theirs are listed). */
  onOwnSlots: (count: number) => void;
  onSelect: (start: DateTime, minutes: number) => void;
  onOpen: (occurrence: Occurrence) => void;
  onError: (message: string) => void;
  /** Whether the user may move this entry (a timeslot, or a show, of this owner). */
  movable: (kind: Occurrence['kind'], ownerId: number) => boolean;
  /** An entry dropped or resized: where it now is, and how to put it back in the calendar. */
  onDrag: (change: { occurrence: Occurrence; times: NewTimes; revert: () => void }) => void;
}

export const WeekCalendar = forwardRef<FullCalendar, Props>(function WeekCalendar({ player, timeslotsOf, collision, editable, onOwnSlots, onSelect, onOpen, onError, movable, onDrag }, ref) {
  const zone = player.timezone;
  // A phone opens on one day (a week's seven columns are unreadable there); every screen can switch.
  const phone = window.matchMedia('(max-width: 48em)').matches;
  const events = useCallback(
    async (info: EventSourceFuncArg): Promise<EventInput[]> => {
      const window = { start: info.startStr, end: info.endStr, player: player.id };
      try {
        const [slots, shows] = await Promise.all([api.scheduling.timeslotList(timeslotsOf ? { ...window, user_id: timeslotsOf } : window), api.scheduling.showList(window)]);
        if (timeslotsOf) onOwnSlots(slots.length);
        return [
          ...slots.map((s) => eventOf('timeslot', s, i18n.t('Timeslot: {{name}}', { name: s.description || i18n.t('user {{id}}', { id: s.user_id }) }), collision, zone, editable && movable('timeslot', s.user_id))),
          ...shows.map((s) => withShowLook(eventOf('show', s, s.title ?? `${i18n.t(s.item_type)} ${s.item_id}`, collision, zone, editable && movable('show', s.user_id)), s)),
        ];
      } catch (failure) {
        onError(failure instanceof Error ? failure.message : String(failure));
        return [];
      }
    },
    [player.id, timeslotsOf, collision, onError, onOwnSlots, zone, editable, movable],
  );
  const moved = (event: EventApi, revert: () => void, resized: boolean) => {
    const occurrence = event.extendedProps.occurrence as Occurrence;
    onDrag({ occurrence, times: newTimes(event.start!, event.end, occurrence.duration, resized, zone), revert });
  };
  return (
    <FullCalendar
      ref={ref}
      plugins={[timeGridPlugin, listPlugin, interactionPlugin, luxonPlugin]}
      initialView={phone ? 'timeGridDay' : 'timeGridWeek'}
      views={{
        timeGridDay: { buttonText: i18n.t('Day'), dayHeaderFormat: { weekday: 'long', day: 'numeric', month: 'long' } },
        timeGridWeek: { buttonText: i18n.t('Week'), ...(phone ? { dayHeaderFormat: { weekday: 'narrow', day: 'numeric' } } : {}) },
        listWeek: { buttonText: i18n.t('List'), listDayFormat: { weekday: 'long', day: 'numeric', month: 'long' }, listDaySideFormat: false },
      }}
      timeZone={zone}
      locales={[enGbLocale, frLocale]}
      locale={displayLocale().toLowerCase()}
      firstDay={1}
      allDaySlot={false}
      slotEventOverlap={false}
      nowIndicator
      selectable={editable}
      // A phone's calendar is as tall as its day and scrolls with the page: no pane scrolling inside
      // the page, which a day without entries gave nothing to focus (N9: axe's
      // scrollable-region-focusable; a focusable pane inside FullCalendar's grid breaks its roles).
      height={phone ? 'auto' : 640}
      scrollTime="06:00:00"
      headerToolbar={{ left: 'prev,next today', center: 'title', right: 'timeGridDay,timeGridWeek,listWeek' }}
      buttonText={{ today: i18n.t('Today') }}
      buttonHints={{ prev: i18n.t('Previous $0'), next: i18n.t('Next $0'), today: i18n.t('This $0') }}
      viewHint={i18n.t('$0 view')}
      eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
      slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
      events={events}
      datesSet={labelCalendarParts}
      dayHeaderContent={(arg) => {
        const date = DateTime.fromJSDate(arg.date, { zone: 'UTC' }).toISODate()!;
        const hours = hoursInDay(date, zone);
        return (
          <span>
            {arg.text}
            {hours !== 24 && <span className="dst-day"> {i18n.t('({{hours}}-hour day)', { hours })}</span>}
          </span>
        );
      }}
      select={(arg) => onSelect(DateTime.fromISO(arg.startStr, { setZone: true }).setZone(zone), Math.round((arg.end.getTime() - arg.start.getTime()) / 60000))}
      eventInteractive
      eventDrop={(arg) => moved(arg.event, arg.revert, false)}
      eventResize={(arg) => moved(arg.event, arg.revert, true)}
      eventLongPressDelay={1000}
      eventClick={(arg) => {
        // Clicked with the mouse too, the event has the focus its dialog gives back on closing.
        arg.el.focus();
        if (editable) onOpen(arg.event.extendedProps.occurrence as Occurrence);
      }}
      eventDidMount={(arg) => {
        const note = arg.event.extendedProps.note as string | undefined;
        const fill = arg.event.extendedProps.fill as Fill | null | undefined;
        // The times in the player's zone (the list view gives no timeText here).
        const time = [arg.event.start, arg.event.end].map((d) => (d ? DateTime.fromJSDate(d).setZone(zone).toFormat('HH:mm') : '')).join(' - ');
        arg.el.setAttribute('aria-label', `${arg.event.title}, ${time}${note ? ` (${note})` : ''}`);
        // How much its items fill: the tooltip, which is also the entry's accessible description.
        const tip = [fill?.words, note].filter(Boolean).join('; ');
        if (tip) arg.el.setAttribute('title', tip);
        if (fill) {
          arg.el.style.setProperty('--entry-fill', String(fill.share));
          arg.el.style.setProperty('--entry-text', arg.event.textColor || '#fff');
        }
        arg.el.setAttribute('tabindex', '0');
      }}
    />
  );
});

/** A show's event in its colour (its text black or white, whichever reads better on it), with how much of its time what it airs fills (the bar under it). */
function withShowLook(event: EventInput, row: ShowRow): EventInput {
  const fill = fillOf(row.content_seconds, row.duration);
  const coloured = isColour(row.colour) ? { backgroundColor: row.colour, borderColor: row.colour, textColor: textOn(row.colour) } : {};
  const classes = [...(event.classNames as string[]), ...(fill ? ['entry-fill'] : []), ...(fill?.over ? ['entry-over'] : [])];
  return { ...event, ...coloured, classNames: classes, extendedProps: { ...event.extendedProps, fill } };
}

/** FullCalendar's buttons' icons are decoration (the buttons have names): hidden from screen readers. */
function labelCalendarParts(): void {
  for (const icon of document.querySelectorAll('.fc .fc-icon')) icon.setAttribute('aria-hidden', 'true');
}

/** A calendar event of an occurrence row; one an exception changed is marked and says how. */
function eventOf(kind: Occurrence['kind'], row: ShowRow | TimeslotRow, title: string, collision: number | null, zone: string, editable: boolean): EventInput {
  const changed = row.exception_id !== undefined;
  const moved = changed && row.original_start !== undefined && Date.parse(row.original_start) !== Date.parse(row.start);
  const note = !changed ? undefined : moved ? i18n.t('moved from {{when}}', { when: localLabel(row.original_start!, zone) }) : kind === 'show' ? i18n.t('changed in this occurrence only') : i18n.t('length changed in this occurrence only');
  const occurrence: Occurrence = { kind, entryId: row.id, userId: row.user_id, title, start: row.start, duration: row.duration, originalStart: row.original_start ?? row.start, exceptionId: row.exception_id ?? null, recurring: row.mode !== undefined };
  return {
    id: `${kind[0]}${row.id}-${row.start}`,
    title,
    start: row.start,
    end: row.end,
    classNames: [`entry-${kind}`, ...(changed ? ['entry-changed'] : []), ...(collision === row.id ? ['entry-collision'] : [])],
    editable,
    extendedProps: { occurrence, note },
  };
}

// An iCalendar feed read as a calendar app reads it, with ical.js (Mozilla's parser, used by
// Thunderbird): its VTIMEZONEs registered, every series expanded with its RRULE, EXDATEs and
// RECURRENCE-ID overrides, and each occurrence in a window as instants.
import ICAL from 'ical.js';

export interface FeedOccurrence {
  uid: string;
  start: number;
  end: number;
  summary: string;
}

export function readFeed(text: string, from: number, to: number): FeedOccurrence[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  // `exceptions: []` and strict: ical.js would otherwise give each series every RECURRENCE-ID of the
  // calendar, whatever its UID (another series' moved occurrence taken for this one's at that time)
  const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component, { strictExceptions: true, exceptions: [] }));
  const masters = new Map(events.filter((event) => !event.isRecurrenceException()).map((event) => [event.uid, event]));
  for (const exception of events.filter((event) => event.isRecurrenceException())) masters.get(exception.uid)!.relateException(exception);
  const out: FeedOccurrence[] = [];
  for (const master of masters.values()) {
    if (!master.isRecurring()) {
      out.push({ uid: master.uid, start: master.startDate.toJSDate().getTime(), end: master.endDate.toJSDate().getTime(), summary: master.summary });
      continue;
    }
    const iterator = master.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const details = master.getOccurrenceDetails(next);
      const start = details.startDate.toJSDate().getTime();
      if (next.toJSDate().getTime() >= to + 400 * 86_400_000) break;
      out.push({ uid: master.uid, start, end: details.endDate.toJSDate().getTime(), summary: details.item.summary });
    }
  }
  return out.filter((o) => o.start < to && o.end > from).sort((a, b) => a.start - b.start || a.uid.localeCompare(b.uid));
}

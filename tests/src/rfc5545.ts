// An iCalendar feed read as RFC 5545's text says, by a reader of our own (no parser's code): the
// second reader of the feed tests, beside ical.js (src/ical.ts), so that a feed is only right when
// it is right by the standard, not by one parser's habits. What it follows, by section:
// - 3.1: content lines end with CRLF (the last one too), long lines are folded with CRLF + space.
// - 3.3.5: a local time with TZID is read with that VTIMEZONE; one that happens twice is the first
//   of the two; one in a gap is read with the offset before the gap.
// - 3.3.10: a recurrence instance at an invalid date (31 April) or at a local time that does not
//   exist (the spring gap) is ignored ("MUST be ignored and MUST NOT be counted"); `gaps: 'shift'`
//   reads such instances with 3.3.5 instead, the reading some apps take. The feed must agree either way.
// - 3.6.5: each STANDARD/DAYLIGHT observance starts at DTSTART, a local time in TZOFFSETFROM; an
//   instant before a VTIMEZONE's first observance is outside it, an error here.
// - 3.8.2.5 and 3.8.5.3: an instance lasts DTEND − DTSTART of exact time, or DURATION (exact for
//   hours, minutes and seconds, nominal for days and weeks); DTSTART is always the first instance;
//   UNTIL (UTC when DTSTART has a TZID) is the last possible start; EXDATE removes instances.
// - 3.8.4.4: an override with the same UID and RECURRENCE-ID replaces the instance at that instant.
// What the feeds never use (BYxxx rules, RDATE, floating times, RANGE) is refused, not guessed.
import type { FeedOccurrence } from './ical';

interface Property {
  name: string;
  params: Record<string, string>;
  value: string;
}
interface Component {
  name: string;
  properties: Property[];
  components: Component[];
}

const DAY = 86_400_000;
const fail = (message: string): never => {
  throw new Error(`RFC 5545: ${message}`);
};

/** 3.1: lines end with CRLF; a line starting with a space or tab continues the one before. */
function contentLines(text: string): string[] {
  if (!text.endsWith('\r\n')) fail('3.1: the last content line must end with CRLF');
  if (/[^\r]\n|\r[^\n]/.test(text)) fail('3.1: lines are delimited by CRLF, not a bare LF or CR');
  const lines: string[] = [];
  for (const line of text.slice(0, -2).split('\r\n')) {
    if (Buffer.byteLength(line) > 75) fail(`3.1: a line longer than 75 octets: ${line.slice(0, 40)}…`);
    if (line.startsWith(' ') || line.startsWith('\t')) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  return lines;
}

/** 3.1: name *(";" param) ":" value, a parameter's value possibly quoted. */
function property(line: string): Property {
  const name = /^[A-Za-z0-9-]+/.exec(line)?.[0] ?? fail(`not a content line: ${line}`);
  const params: Record<string, string> = {};
  let at = name.length;
  while (line[at] === ';') {
    const key = /^[A-Za-z0-9-]+=/.exec(line.slice(at + 1))?.[0] ?? fail(`bad parameter in ${line}`);
    at += 1 + key.length;
    const quoted = line[at] === '"';
    const end = quoted ? line.indexOf('"', at + 1) + 1 : line.slice(at).search(/[;:]/) + at;
    if (end <= at) fail(`unterminated parameter in ${line}`);
    params[key.slice(0, -1).toUpperCase()] = quoted ? line.slice(at + 1, end - 1) : line.slice(at, end);
    at = end;
  }
  if (line[at] !== ':') fail(`no value in ${line}`);
  return { name: name.toUpperCase(), params, value: line.slice(at + 1) };
}

function parse(text: string): Component {
  const stack: Component[] = [{ name: 'ROOT', properties: [], components: [] }];
  for (const line of contentLines(text)) {
    const p = property(line);
    const top = stack[stack.length - 1]!;
    if (p.name === 'BEGIN') {
      const child = { name: p.value.toUpperCase(), properties: [], components: [] };
      top.components.push(child);
      stack.push(child);
    } else if (p.name === 'END') {
      if (top.name !== p.value.toUpperCase()) fail(`END:${p.value} closes ${top.name}`);
      stack.pop();
    } else top.properties.push(p);
  }
  if (stack.length !== 1) fail('unclosed component');
  const [calendar] = stack[0]!.components;
  if (!calendar || calendar.name !== 'VCALENDAR' || stack[0]!.components.length !== 1) fail('one VCALENDAR object expected');
  return calendar!;
}

const all = (c: Component, name: string) => c.properties.filter((p) => p.name === name);
const one = (c: Component, name: string) => all(c, name)[0];
const required = (c: Component, name: string) => one(c, name) ?? fail(`${c.name} without ${name}`);

/** 3.3.11: TEXT with \\, \; \, and \n escaped. */
const unescape = (value: string) => value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

/** 3.3.5: a DATE-TIME as wall-clock milliseconds (the local reading as if UTC), and whether it is UTC. */
function dateTime(value: string): { wall: number; utc: boolean } {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/.exec(value) ?? fail(`not a DATE-TIME: ${value}`);
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(wall).getUTCDate() !== d || h > 23 || mi > 59 || s > 60) fail(`invalid DATE-TIME ${value}`);
  return { wall, utc: m[7] === 'Z' };
}

/** 3.3.14: "+0530" or "-023045" as seconds east of UTC. */
function utcOffset(value: string): number {
  const m = /^([+-])(\d{2})(\d{2})(\d{2})?$/.exec(value) ?? fail(`not a UTC-OFFSET: ${value}`);
  const seconds = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4] ?? 0);
  if (m[1] === '-' && seconds === 0) fail('3.3.14: -0000 is not allowed');
  return (m[1] === '-' ? -1 : 1) * seconds;
}

/** A VTIMEZONE: its observances' onsets as instants, with the offsets before and after (3.6.5). */
class Zone {
  private readonly onsets: { at: number; from: number; to: number }[];
  private readonly offsets: number[];

  constructor(component: Component) {
    this.onsets = component.components
      .filter((c) => c.name === 'STANDARD' || c.name === 'DAYLIGHT')
      .map((c) => {
        if (one(c, 'RRULE') || one(c, 'RDATE')) fail('this reader takes observances without RRULE or RDATE');
        const start = dateTime(required(c, 'DTSTART').value);
        if (start.utc) fail('3.6.5: an observance DTSTART is a local time');
        const from = utcOffset(required(c, 'TZOFFSETFROM').value);
        return { at: start.wall - from * 1000, from, to: utcOffset(required(c, 'TZOFFSETTO').value) };
      })
      .sort((a, b) => a.at - b.at);
    if (this.onsets.length === 0) fail('a VTIMEZONE without observances');
    this.offsets = [...new Set(this.onsets.flatMap((o) => [o.from, o.to]))];
  }

  /** The offset (seconds) in force at an instant; an instant before the first observance is outside the zone. */
  offsetAt(instant: number): number {
    let offset: number | null = null;
    for (const onset of this.onsets) if (onset.at <= instant) offset = onset.to;
    return offset ?? fail(`${new Date(instant).toISOString()} is before the VTIMEZONE's first observance`);
  }

  /** 3.3.5: the instant a local time names: the first of two, the offset before a gap (`gap: true`). */
  instant(wall: number): { instant: number; gap: boolean } {
    const readings = this.offsets.map((o) => wall - o * 1000).filter((i) => i >= this.onsets[0]!.at && wall - this.offsetAt(i) * 1000 === i);
    if (readings.length) return { instant: Math.min(...readings), gap: false };
    const gap = this.onsets.find((o) => o.to > o.from && o.at + o.from * 1000 <= wall && wall < o.at + o.to * 1000);
    if (!gap) fail(`the local time ${new Date(wall).toISOString().slice(0, 19)} is outside the VTIMEZONE`);
    return { instant: wall - gap!.from * 1000, gap: true };
  }

  wallOf(instant: number): number {
    return instant + this.offsetAt(instant) * 1000;
  }
}

type Gaps = 'ignore' | 'shift';
type Zones = Map<string, Zone>;

/** A DATE-TIME property as an instant: UTC, or local in its TZID's VTIMEZONE (floating times refused). */
function instantOf(p: Property, value: string, zones: Zones): { instant: number; wall: number; zone: Zone | null; gap: boolean } {
  const { wall, utc } = dateTime(value);
  if (p.params.VALUE && p.params.VALUE !== 'DATE-TIME') fail(`${p.name};VALUE=${p.params.VALUE} is not read here`);
  if (utc) {
    if (p.params.TZID) fail('3.3.5: a UTC time takes no TZID');
    return { instant: wall, wall, zone: null, gap: false };
  }
  const zone = zones.get(p.params.TZID ?? fail(`${p.name} is a floating time, never written by the feeds`)) ?? fail(`no VTIMEZONE for TZID ${p.params.TZID}`);
  return { ...zone.instant(wall), wall, zone };
}

/** 3.3.6: a DURATION as { nominal days, exact milliseconds }. */
function duration(value: string): { days: number; exact: number } {
  const m = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value) ?? fail(`not a DURATION: ${value}`);
  if (m[1] === '-') fail('a negative DURATION');
  const n = (i: number) => Number(m[i] ?? 0);
  return { days: n(2) * 7 + n(3), exact: ((n(4) * 60 + n(5)) * 60 + n(6)) * 1000 };
}

/** How an event's instances end: the exact length of DTEND − DTSTART, or DURATION (3.8.5.3). */
function ender(event: Component, start: ReturnType<typeof instantOf>, zones: Zones): (instant: number) => number {
  const dtend = one(event, 'DTEND');
  const dur = one(event, 'DURATION');
  if (dtend && dur) fail('3.6.1: DTEND and DURATION both given');
  if (dtend) {
    const length = instantOf(dtend, dtend.value, zones).instant - start.instant;
    if (length < 0) fail('DTEND before DTSTART');
    return (instant) => instant + length;
  }
  if (!dur) return (instant) => instant; // 3.6.1: a DATE-TIME DTSTART alone ends when it starts
  const { days, exact } = duration(dur.value);
  const zone = start.zone;
  const nominal = (instant: number) => (zone ? zone.instant(zone.wallOf(instant) + days * DAY).instant : instant + days * DAY);
  return (instant) => (days ? nominal(instant) : instant) + exact;
}

/** 3.3.10: the RRULE's instances (with DTSTART first) up to UNTIL or the horizon, as instants. */
function instances(event: Component, start: ReturnType<typeof instantOf>, zones: Zones, horizon: number, gaps: Gaps): number[] {
  const rrule = one(event, 'RRULE');
  if (!rrule) return [start.instant];
  if (all(event, 'RRULE').length > 1 || one(event, 'RDATE')) fail('this reader takes one RRULE and no RDATE');
  const parts = new Map(rrule.value.split(';').map((part) => part.split('=') as [string, string]));
  for (const key of parts.keys()) if (!['FREQ', 'INTERVAL', 'UNTIL'].includes(key)) fail(`RRULE part ${key} is not read here`);
  const freq = parts.get('FREQ') ?? fail('3.3.10: RRULE without FREQ');
  const interval = Number(parts.get('INTERVAL') ?? 1);
  if (!Number.isInteger(interval) || interval < 1) fail(`bad INTERVAL ${parts.get('INTERVAL')}`);
  const untilText = parts.get('UNTIL');
  const until = untilText === undefined ? Infinity : dateTime(untilText);
  if (typeof until === 'object' && start.zone && !until.utc) fail('3.3.10: with a TZID DTSTART, UNTIL must be UTC');
  const last = typeof until === 'object' ? until.wall : until;
  const first = new Date(start.wall);
  const out = [start.instant];
  for (let k = 1; ; k += 1) {
    let wall: number;
    if (freq === 'DAILY' || freq === 'WEEKLY') wall = start.wall + k * interval * (freq === 'DAILY' ? 1 : 7) * DAY;
    else if (freq === 'MONTHLY') {
      wall = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + k * interval, first.getUTCDate(), first.getUTCHours(), first.getUTCMinutes(), first.getUTCSeconds());
      if (new Date(wall).getUTCDate() !== first.getUTCDate()) continue; // 31 April: ignored
    } else return fail(`FREQ=${freq} is not read here`);
    if (wall - 14 * 3_600_000 > Math.min(last, horizon)) break;
    const read = start.zone ? start.zone.instant(wall) : { instant: wall, gap: false };
    if (read.instant > last) break;
    if (read.gap && gaps === 'ignore') continue;
    out.push(read.instant);
  }
  return out;
}

/** Every occurrence of the feed overlapping [from, to), as instants, sorted like src/ical.ts's readFeed. */
export function readFeedAsRfc5545(text: string, from: number, to: number, gaps: Gaps = 'ignore'): FeedOccurrence[] {
  const calendar = parse(text);
  if (required(calendar, 'VERSION').value !== '2.0') fail('VERSION:2.0 expected');
  required(calendar, 'PRODID');
  const zones: Zones = new Map(calendar.components.filter((c) => c.name === 'VTIMEZONE').map((c) => [required(c, 'TZID').value, new Zone(c)]));
  const events = calendar.components.filter((c) => c.name === 'VEVENT');
  const out: FeedOccurrence[] = [];
  const seen = new Set<string>();
  for (const master of events.filter((e) => !one(e, 'RECURRENCE-ID'))) {
    const uid = required(master, 'UID').value;
    required(master, 'DTSTAMP');
    if (seen.has(uid)) fail(`two events without RECURRENCE-ID share UID ${uid}`);
    seen.add(uid);
    const dtstart = required(master, 'DTSTART');
    const start = instantOf(dtstart, dtstart.value, zones);
    const end = ender(master, start, zones);
    const excluded = new Set(all(master, 'EXDATE').flatMap((p) => p.value.split(',').map((v) => instantOf(p, v, zones).instant)));
    const overrides = new Map<number, Component>();
    for (const override of events.filter((e) => one(e, 'RECURRENCE-ID') && required(e, 'UID').value === uid)) {
      const id = required(override, 'RECURRENCE-ID');
      if (id.params.RANGE) fail('RANGE is not read here');
      overrides.set(instantOf(id, id.value, zones).instant, override);
    }
    const summary = unescape(one(master, 'SUMMARY')?.value ?? '');
    const set = instances(master, start, zones, to + 400 * DAY, gaps);
    for (const id of overrides.keys()) if (!set.includes(id)) fail(`RECURRENCE-ID ${new Date(id).toISOString()} of ${uid} names no instance`);
    for (const instant of set.filter((i) => !excluded.has(i))) {
      const override = overrides.get(instant);
      if (!override) {
        out.push({ uid, start: instant, end: end(instant), summary });
        continue;
      }
      const own = required(override, 'DTSTART');
      const overrideStart = instantOf(own, own.value, zones);
      out.push({ uid, start: overrideStart.instant, end: ender(override, overrideStart, zones)(overrideStart.instant), summary: unescape(one(override, 'SUMMARY')?.value ?? summary) });
    }
  }
  for (const e of events) if (one(e, 'RECURRENCE-ID') && !seen.has(required(e, 'UID').value)) fail(`an override of ${required(e, 'UID').value} without its series`);
  return out.filter((o) => o.start < to && o.end > from).sort((a, b) => a.start - b.start || a.uid.localeCompare(b.uid));
}

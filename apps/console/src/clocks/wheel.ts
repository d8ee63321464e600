// The hour a clock makes, estimated for its wheel as the server fills it (clock-hour.ts): slots in
// order from :00, a category slot lasting its count of average songs or its seconds, a station ID
// a short wedge, a fixed event at its minute (the gap before it filled from the fill category; a
// hard one ends what runs into it), then the fill to the target length, or the overrun past it.

/** What a song lasts on average, for the estimate (the library's real songs vary). */
export const SONG_SECONDS = 210;
export const STATION_ID_SECONDS = 10;
/** A fixed event's length when its item's is not known yet. */
export const FIXED_SECONDS = 120;

export type SegmentKind = 'category' | 'station_id' | 'fixed' | 'breakpoint' | 'fill' | 'gap';

export interface Segment {
  kind: SegmentKind;
  /** The slot's index in the clock; -1 for the fill and gaps. */
  slot: number;
  start: number;
  seconds: number;
  categoryId: number | null;
  /** A category slot's count of songs, when it has one. */
  songs: number | null;
}

export interface PlanSlot {
  kind: 'category' | 'station_id' | 'fixed' | 'breakpoint';
  category_id?: number | null;
  count?: number | null;
  seconds?: number | null;
  minute?: number;
  media_id?: number | null;
  start?: 'hard' | 'soft';
}

export interface HourPlan {
  segments: Segment[];
  /** Seconds the slots run past the target (before any fade). */
  over: number;
}

/** The hour's estimated segments; `lengths`: the fixed events' items' lengths by media id, where known. */
export function hourPlan(clock: { slots: PlanSlot[]; target_seconds: number; fill_category_id: number | null }, lengths: Record<number, number> = {}): HourPlan {
  const segments: Segment[] = [];
  let t = 0;
  const push = (segment: Omit<Segment, 'start'>) => {
    segments.push({ ...segment, start: t });
    t += segment.seconds;
  };
  const fillTo = (end: number) => {
    if (t < end) push({ kind: clock.fill_category_id === null ? 'gap' : 'fill', slot: -1, seconds: end - t, categoryId: clock.fill_category_id, songs: null });
  };
  const cutAt = (at: number) => {
    while (segments.length && segments.at(-1)!.start >= at) segments.pop();
    const last = segments.at(-1);
    if (last && last.start + last.seconds > at) last.seconds = at - last.start;
    t = at;
  };
  clock.slots.forEach((slot, index) => {
    if (slot.kind === 'category') {
      const songs = slot.count ?? null;
      push({ kind: 'category', slot: index, seconds: songs !== null ? songs * SONG_SECONDS : (slot.seconds ?? 0), categoryId: slot.category_id ?? null, songs });
    } else if (slot.kind === 'station_id') push({ kind: 'station_id', slot: index, seconds: STATION_ID_SECONDS, categoryId: null, songs: null });
    else if (slot.kind === 'breakpoint') push({ kind: 'breakpoint', slot: index, seconds: 0, categoryId: null, songs: null });
    else {
      const at = (slot.minute ?? 0) * 60;
      // An event past the hour's end is not aired (the server's rule).
      if (at >= clock.target_seconds) return;
      fillTo(at);
      if (t > at && slot.start !== 'soft') cutAt(at);
      push({ kind: 'fixed', slot: index, seconds: (slot.media_id && lengths[slot.media_id]) || FIXED_SECONDS, categoryId: null, songs: null });
    }
  });
  fillTo(clock.target_seconds);
  return { segments, over: Math.max(0, t - clock.target_seconds) };
}

/** "12:30" from seconds into the hour. */
export function minuteText(seconds: number): string {
  const whole = Math.round(seconds);
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** The SVG path of a ring's part from `from` to `to` seconds of the hour (0 at the top, clockwise). */
export function arcPath(from: number, to: number, outer: number, inner: number, centre: number): string {
  const span = Math.min(to - from, 3599.9);
  const point = (seconds: number, radius: number) => {
    const angle = (seconds / 3600) * 2 * Math.PI - Math.PI / 2;
    return `${(centre + radius * Math.cos(angle)).toFixed(2)} ${(centre + radius * Math.sin(angle)).toFixed(2)}`;
  };
  const large = span > 1800 ? 1 : 0;
  const end = from + span;
  return `M ${point(from, outer)} A ${outer} ${outer} 0 ${large} 1 ${point(end, outer)} L ${point(end, inner)} A ${inner} ${inner} 0 ${large} 0 ${point(from, inner)} Z`;
}

// What the real-listener test's script implies (listeners.test.ts): each play's listeners at start,
// peak, listener-seconds and ATP, counted by hand from the instants the test started and stopped each
// ffmpeg listener. Icecast reports a connect or a disconnect a moment after it (ffmpeg's start, the
// stream's next write), always under a second: so a figure is exact only for a play whose edges are
// at least that far from every connect and disconnect (`clear`), and its listener-seconds are within
// a second of each of them inside the play.

/** A listener as scripted: when the test started its ffmpeg, and when it killed it (Unix ms). */
export interface ScriptedListener {
  name: string;
  connect: number;
  leave: number;
}

export interface PlayWindow {
  start: number;
  end: number;
}

export interface ExpectedFigures {
  at_start: number;
  peak: number;
  listener_seconds: number;
  atp: number;
  /** The connects and disconnects inside the play: each may move its listener-seconds by up to a second. */
  events_inside: number;
}

/** How long after the test's own instant Icecast may report a connect or a disconnect. */
export const REPORT_DELAY_MS = 1000;

const listeningAt = (listeners: readonly ScriptedListener[], t: number) => listeners.filter((l) => l.connect <= t && t < l.leave).length;

/** The figures of one play, counted listener by listener. */
export function expectedFigures(listeners: readonly ScriptedListener[], play: PlayWindow): ExpectedFigures {
  const inside = (t: number) => t > play.start && t < play.end;
  const overlaps = listeners.map((l) => Math.max(0, Math.min(l.leave, play.end) - Math.max(l.connect, play.start)));
  const instants = [play.start, ...listeners.map((l) => l.connect).filter(inside)];
  return {
    at_start: listeningAt(listeners, play.start),
    peak: Math.max(...instants.map((t) => listeningAt(listeners, t))),
    listener_seconds: overlaps.reduce((sum, ms) => sum + ms, 0) / 1000,
    atp: overlaps.filter((ms) => ms > 0).length,
    events_inside: listeners.flatMap((l) => [l.connect, l.leave]).filter(inside).length,
  };
}

/** Whether no connect or disconnect (as reported, up to REPORT_DELAY_MS late) can fall on either side of the play's edges. */
export function clear(listeners: readonly ScriptedListener[], play: PlayWindow, marginMs = 300): boolean {
  const near = (t: number, edge: number) => t > edge - REPORT_DELAY_MS - marginMs && t < edge + marginMs;
  return listeners.every((l) => [l.connect, l.leave].every((t) => !near(t, play.start) && !near(t, play.end)));
}

// The Liquidsoap 2.1 script of one engine process. It is the same for every player: a process
// starts as a warm spare (decks, clock and control running, nothing aired) and is given a player's
// output when it is activated (`activate`), so a player whose process dies, or a replica taking a
// player over, is back on air as soon as a spare is told where to air (pool.ts). The engine
// (engine.ts) feeds it over its control socket; Liquidsoap keeps the time, on its own stream clock:
//
//   main    two decks (request queues) mixed: items alternate decks, so a crossfade is the two
//           overlapping, each faded (liq_fade_in / liq_fade_out). Every item is cut at its cue
//           points (cue_cut) with its gain (liq_amplify), and its deck plays only inside the
//           item's window [from, until): it starts at its instant and cannot outlive its end.
//           Around the edges of a window, silence holds main (`gap`), so the few milliseconds
//           between two items never let the default playlist through.
//   alert   a third deck, above everything: alerts interrupt at their instants while main keeps
//           running underneath (an output.dummy keeps it pulled), so the show resumes where the
//           plan is, not where it was interrupted.
//   live    a harbor input (Icecast source protocol), opened on activation, aired inside the live
//           item's window when a source client that gave that show's password is connected.
//   default the player's default playlist, looped (an m3u the engine rewrites), then silence.
//   hold    silence above all, from activation until the item resumed then opens (a restart airs
//           nothing the rundown does not have while the item under way is pushed).
//
// Liquidsoap reports on stdout, which goes to a file the engine follows (so a process whose
// engine died keeps airing until its grace ends, instead of failing on a closed pipe):
// `AWTRACK <deck|channel> <unix ms> <key>` when a deck starts a track and `AWAIR <channel> <unix
// ms>` when the air switches channel (events.ts makes the on-air events of them), `AWICECAST ...`
// on connection changes, `AWEXIT ...` when it ends itself. Times are stream time (see stream_now).
//
// It can never outlive its engine for long: the engine sends `heartbeat` every second, and the
// process ends itself when none came for `graceS` (docs/playout-engine.md, "Crashes").
import { airPart } from './script-air';
import { decksPart } from './script-decks';

export interface ScriptOptions {
  /** The control socket's path (mode 0600: only the engine's own user may command it). */
  socket: string;
  /** The default playlist's m3u file. */
  fallbackPlaylist: string;
  /** A spare ends itself when no heartbeat came for this long, seconds (an active process: `activate` says). */
  spareGraceS: number;
  /** Where harbor inputs (live shows) listen. */
  harborBind: string;
  /** Liquidsoap's frame, ms (10 or 20): see docs/playout-engine.md, "Frames". */
  frameMs: number;
}

/** A Liquidsoap string literal. */
export function liqString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, ' ')}"`;
}

/** A Liquidsoap float literal. */
export const liqFloat = (value: number) => (Number.isInteger(value) ? `${value}.` : String(value));

const header = (o: ScriptOptions) => `
settings.init.allow_root.set(true)
settings.log.stdout.set(true)
settings.log.file.set(false)
settings.log.level.set(3)
settings.server.telnet.set(false)
settings.server.socket.set(true)
settings.server.socket.path.set(${liqString(o.socket)})
settings.server.socket.permissions.set(384)
settings.server.timeout.set(-1.)
settings.harbor.bind_addrs.set([${liqString(o.harborBind)}])
settings.frame.video.framerate.set(${Math.round(1000 / o.frameMs)})
settings.frame.duration.set(${liqFloat(o.frameMs / 1000)})
frame = ${liqFloat(o.frameMs / 1000)}

def report(line) = print(line) end

# The engine's heartbeat: without one for the grace, the process ends itself (its engine is gone).
last_beat = ref(time())
grace = ref(${liqFloat(o.spareGraceS)})
ending = ref(false)
server.register("heartbeat", fun (_) -> begin last_beat := time(); "OK" end)
thread.run(every=0.25, fun () -> if not !ending and time() - !last_beat > !grace then begin
  ending := true
  report("AWEXIT no heartbeat for #{!grace} s")
  shutdown()
end end)

# Stream time: the clock's own time (frames produced) mapped to Unix time by the earliest origin
# seen, so a gate opens at the right place in the stream even when Liquidsoap ran late for a
# moment (it catches up by producing faster; wall time would put the switch early in the stream).
stream_clock = ref(fun () -> -1.)
stream_origin = ref(infinity)
def stream_now() =
  clock = !stream_clock
  t = clock()
  if t < 0. then time() else
    stream_origin := min(!stream_origin, time() - t)
    !stream_origin + t
  end
end
def now_ms() = string_of(int_of_float(stream_now() * 1000.)) end
on_air = ref("none")
# The title listeners see is the title of what is on air: each channel's item on air is kept here
# and the air's metadata is set from them at every frame (not passed on from the channels: add()
# passes on the metadata of the first deck that is ready, not of the one starting).
def shown(m) = list.filter(fun (f) -> snd(f) != "", [("title", m["title"]), ("artist", m["artist"])]) end
title_main = ref([])
title_alert = ref([])
title_live = ref([])
title_default = ref([])
def air_title() =
  c = !on_air
  if c == "main" then !title_main elsif c == "alert" then !title_alert elsif c == "live" then !title_live
  elsif c == "default" then !title_default else [] end
end
`;

/** The whole script of one engine process. */
export function liquidsoapScript(o: ScriptOptions): string {
  return [header(o), decksPart, airPart(o)].join('\n');
}

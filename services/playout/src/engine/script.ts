// The Liquidsoap 2.1 script of one player, generated from its output settings. The engine
// (engine.ts) feeds it over its telnet server; Liquidsoap keeps the time, on its own stream clock:
//
//   main    two decks (request queues) mixed: items alternate decks, so a crossfade is the two
//           overlapping, each faded (liq_fade_in / liq_fade_out). Every item is cut at its cue
//           points (cue_cut) with its gain (liq_amplify), and its deck plays only inside the
//           item's window [from, until): it starts at its instant and cannot outlive its end.
//   alert   a third deck, above everything: alerts interrupt at their instants while main keeps
//           running underneath (an output.dummy keeps it pulled), so the show resumes where the
//           plan is, not where it was interrupted.
//   live    a harbor input (Icecast source protocol), aired inside the live item's window when a
//           source client that gave that show's password is connected.
//   default the player's default playlist, looped (an m3u the engine rewrites), then silence.
//
// Liquidsoap reports on stdout: `AWTRACK <deck|channel> <unix ms> <key>` when a deck starts a track
// and `AWAIR <channel> <unix ms>` when the air switches channel (events.ts makes the on-air events
// of them), `AWICECAST ...` on connection changes. Times are stream time (see stream_now).

export interface ScriptOptions {
  telnetPort: number;
  host: string;
  port: number;
  mount: string;
  password: string;
  harbor?: { port: number; mount: string; password: string };
  /** The default playlist's m3u file. */
  fallbackPlaylist: string;
  name: string;
}

/** A Liquidsoap string literal. */
export function liqString(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, ' ')}"`;
}

const header = (o: ScriptOptions) => `
settings.init.allow_root.set(true)
settings.log.stdout.set(true)
settings.log.file.set(false)
settings.log.level.set(3)
settings.server.telnet.set(true)
settings.server.telnet.bind_addr.set("127.0.0.1")
settings.server.telnet.port.set(${o.telnetPort})
settings.server.timeout.set(-1.)
settings.frame.video.framerate.set(50)
settings.frame.duration.set(0.02)

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
def report(line) = print(line) end
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

// A deck: a request queue that plays only inside its window [from, until) (Unix seconds), so every
// item starts at its instant by Liquidsoap's own clock and cannot outlive its end.
const deck = (name: string) => `
${name}_q = request.queue(id="${name}_q")
${name}_from = ref(0.)
${name}_until = ref(0.)
${name}_cut = ref(infinity)
${name}_cut_fade = ref(0.1)
# A deck holds one item at a time: a push comes once the deck's previous window closed, so it
# replaces whatever is left (a cut item, or the same push retried after a timeout).
def ${name}_push(uri) =
  ${name}_q.set_queue([])
  if null.defined(${name}_q.current()) then ${name}_q.skip() end
  r = request.create(uri)
  if request.resolve(content_type=${name}_q, timeout=2., r) then
    ${name}_q.push(r)
    "OK"
  else
    request.destroy(r)
    "FAIL"
  end
end
server.register(namespace="${name}", "push", ${name}_push)
server.register(namespace="${name}", "flush", fun (_) -> begin ${name}_q.set_queue([]); "OK" end)
server.register(namespace="${name}", "window", fun (arg) -> begin
  parts = string.split(separator=" ", arg)
  ${name}_from := float_of_string(default=0., list.nth(default="0", parts, 0))
  ${name}_until := float_of_string(default=0., list.nth(default="0", parts, 1))
  ${name}_cut := infinity
  "OK"
end)
# cut <at> <fade>: the plan ends the item on air sooner than its cue-out (a hard start added in
# front of it, or the item removed): it fades out over the last <fade> seconds before <at> and its
# window closes there.
server.register(namespace="${name}", "cut", fun (arg) -> begin
  parts = string.split(separator=" ", arg)
  at = float_of_string(default=0., list.nth(default="0", parts, 0))
  ${name}_cut_fade := max(0.001, float_of_string(default=0.1, list.nth(default="0.1", parts, 1)))
  ${name}_cut := at
  ${name}_until := min(!${name}_until, at)
  "OK"
end)
def ${name}_gain() =
  left = !${name}_cut - stream_now()
  fade = !${name}_cut_fade
  if left >= fade then 1. elsif left <= 0. then 0. else left / fade end
end
${name} = cue_cut(${name}_q)
${name} = amplify(1., override="liq_amplify", ${name})
${name} = fade.in(duration=0.005, override_duration="liq_fade_in", ${name})
${name} = fade.out(duration=0.01, override_duration="liq_fade_out", ${name})
${name} = amplify(${name}_gain, ${name})
def ${name}_open() =
  t = stream_now()
  t >= !${name}_from and t < !${name}_until
end
${name} = switch(id="${name}", track_sensitive=false, [(${name}_open, ${name})])
${name}.on_track(fun (m) -> begin
  report("AWTRACK ${name} #{now_ms()} #{m['aw_key']}")
  if m['aw_key'] != "" then title_${name === 'alert' ? 'alert' : 'main'} := shown(m) end
end)
`;

const queues = `
${deck('deck_a')}
${deck('deck_b')}
${deck('alert')}
main = add(id="main", normalize=false, [deck_a, deck_b])
`;

const live = (o: ScriptOptions) => `
live_from = ref(0.)
live_until = ref(0.)
live_key = ref("")
live_password = ref(${liqString(o.harbor?.password ?? '')})
def live_auth(login) = !live_password != "" and login.password == !live_password end
live_in = input.harbor(id="harbor", port=${o.harbor?.port ?? 0}, buffer=0.5, max=10., auth=live_auth, ${liqString(o.harbor?.mount ?? '/live')})
# The harbor is always pulled (like main), so what a source sends outside the live window is
# dropped as it comes: the window opens on the source as it is now, never on audio buffered while
# it waited, nor on what a source that left had sent. And it opens only while a source is connected.
output.dummy(fallible=true, live_in)
def live_open() =
  t = stream_now()
  t >= !live_from and t < !live_until and null.defined(live_in.connected_client())
end
live = switch(id="live", track_sensitive=false, [(live_open, live_in)])
# live <from> <until> <key> <password> <title> <artist>, each URL-encoded
server.register("live", fun (arg) -> begin
  parts = list.map(fun (p) -> url.decode(p), string.split(separator=" ", arg))
  live_from := float_of_string(default=0., list.nth(default="0", parts, 0))
  live_until := float_of_string(default=0., list.nth(default="0", parts, 1))
  live_key := list.nth(default="", parts, 2)
  # a source that gave another show's password does not stay for this one
  password = list.nth(default="", parts, 3)
  if password != !live_password then live_in.disconnect() end
  live_password := password
  title_live := shown([("title", list.nth(default="", parts, 4)), ("artist", list.nth(default="", parts, 5))])
  "OK"
end)
`;

const air = (o: ScriptOptions) => `
default = playlist(id="default", mode="normal", reload_mode="watch", ${liqString(o.fallbackPlaylist)})
server.register("default_reload", fun (_) -> begin default.reload(); "OK" end)

default.on_track(fun (m) -> begin
  report("AWTRACK default #{now_ms()} #{m['aw_key']}")
  title_default := shown(m)
end)
output.dummy(fallible=true, main)

def switched(channel) =
  fun (_, b) -> begin
    on_air := channel
    report("AWAIR #{channel} #{now_ms()}")
    if channel == "live" then report("AWTRACK live #{now_ms()} #{!live_key}") end
    b
  end
end
radio = fallback(id="air", track_sensitive=false, replay_metadata=true,
  transitions=[switched("alert"), switched("live"), switched("main"), switched("default"), switched("none")],
  [alert, live, main, default, blank(id="silence")])

stream_clock := fun () -> radio.time()
# Any metadata from below becomes the title of what is on air (a deck's own, a replay, a track
# start), and a change of what is on air is inserted at the next frame. (Not drop_metadata: it
# would also drop what insert_metadata put at a track boundary the frame before.)
title_sent = ref([])
def title_now(_) =
  title_sent := air_title()
  !title_sent
end
radio = metadata.map(id="titles", update=false, strip=true, insert_missing=false, title_now, radio)
radio = insert_metadata(id="titled", radio)
radio = source.on_frame(radio, fun () -> begin
  m = air_title()
  if m != [] and m != !title_sent then
    title_sent := m
    radio.insert_metadata(m)
  end
end)

output.icecast(id="icecast", %ffmpeg(format="mp3", %audio(codec="libmp3lame", b="128k")),
  host=${liqString(o.host)}, port=${o.port}, password=${liqString(o.password)}, mount=${liqString(o.mount)},
  name=${liqString(o.name)}, format="audio/mpeg",
  on_error=fun (msg) -> begin report("AWICECAST error #{msg}"); 1. end,
  on_connect=fun () -> begin title_sent := []; report("AWICECAST connected #{now_ms()}") end,
  radio)
`;

/** The whole script for one player. */
export function liquidsoapScript(o: ScriptOptions): string {
  return [header(o), queues, o.harbor ? live(o) : 'live = source.fail()\nlive_key = ref("")\n', air(o)].join('\n');
}

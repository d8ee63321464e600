// The air of the engine's script (script.ts): the live channel, the default playlist, the channels
// in order of priority with the stream's title, and `activate`, which gives a warm process its
// player's output (the Icecast mount and the harbor input for live shows).
import { liqString, type ScriptOptions } from './script';

// The live channel: a harbor input opened on activation (a spare has no port of its own, so any
// number of spares can wait beside the processes on air).
const live = `
live_from = ref(0.)
live_until = ref(0.)
live_key = ref("")
live_password = ref("")
live_in = source.dynamic(id="live_in")
live_connected = ref(fun () -> false)
live_disconnect = ref(fun () -> ())
def live_auth(login) = !live_password != "" and login.password == !live_password end
def live_open() =
  t = stream_now()
  connected = !live_connected
  t >= !live_from and t < !live_until and connected()
end
live = switch(id="live", track_sensitive=false, [(live_open, live_in)])
# The harbor is always pulled (like main), so what a source sends outside the live window is
# dropped as it comes: the window opens on the source as it is now, never on audio buffered while
# it waited, nor on what a source that left had sent. And it opens only while a source is connected.
def open_harbor(port, mount, password) =
  live_password := password
  h = input.harbor(id="harbor", port=port, buffer=0.5, max=10., auth=live_auth, mount)
  output.dummy(fallible=true, h)
  live_in.set(h)
  live_connected := fun () -> null.defined(h.connected_client())
  live_disconnect := fun () -> h.disconnect()
end
# live <from> <until> <key> <password> <title> <artist>, each URL-encoded
server.register("live", fun (arg) -> begin
  parts = list.map(fun (p) -> url.decode(p), string.split(separator=" ", arg))
  live_from := float_of_string(default=0., list.nth(default="0", parts, 0))
  live_until := float_of_string(default=0., list.nth(default="0", parts, 1))
  live_key := list.nth(default="", parts, 2)
  # a source that gave another show's password does not stay for this one
  password = list.nth(default="", parts, 3)
  if password != !live_password then begin
    disconnect = !live_disconnect
    disconnect()
  end end
  live_password := password
  title_live := shown([("title", list.nth(default="", parts, 4)), ("artist", list.nth(default="", parts, 5))])
  "OK"
end)
`;

const channels = (o: ScriptOptions) => `
default = playlist(id="default", mode="normal", reload_mode="watch", ${liqString(o.fallbackPlaylist)})
server.register("default_reload", fun (_) -> begin default.reload(); "OK" end)

default.on_track(fun (m) -> begin
  report("AWTRACK default #{now_ms()} #{m['aw_key']}")
  title_default := shown(m)
end)
output.dummy(fallible=true, main)

hold_until = ref(0.)
# hold <until>: silence above everything until then (Unix seconds)
server.register("hold", fun (arg) -> begin hold_until := float_of_string(default=0., arg); "OK" end)
hold = switch(id="hold", track_sensitive=false, [({stream_now() < !hold_until}, blank(id="hold_silence"))])

def switched(channel) =
  fun (_, b) -> begin
    on_air := channel
    report("AWAIR #{channel} #{now_ms()}")
    if channel == "live" then report("AWTRACK live #{now_ms()} #{!live_key}") end
    b
  end
end
radio = fallback(id="air", track_sensitive=false, replay_metadata=true,
  transitions=[switched("none"), switched("alert"), switched("live"), switched("main"), switched("default"), switched("none")],
  [hold, alert, live, main, default, blank(id="silence")])

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
`;

// activate <host> <port> <mount> <password> <name> <harbor port|""> <harbor mount> <harbor password> <hold until> <grace>,
// each URL-encoded: the process airs from now on, once, and ends itself after <grace> seconds without a heartbeat.
const activation = `
activated = ref(false)
server.register("activate", fun (arg) -> begin
  p = list.map(fun (x) -> url.decode(x), string.split(separator=" ", arg))
  def field(i) = list.nth(default="", p, i) end
  if !activated then "ALREADY" else
    activated := true
    hold_until := float_of_string(default=0., field(8))
    grace := float_of_string(default=!grace, field(9))
    if field(5) != "" then open_harbor(int_of_string(default=0, field(5)), field(6), field(7)) end
    output.icecast(id="icecast", %ffmpeg(format="mp3", %audio(codec="libmp3lame", b="128k")),
      host=field(0), port=int_of_string(default=8000, field(1)), password=field(3), mount=field(2),
      name=field(4), format="audio/mpeg",
      # retried every 250 ms: a mount another process has just left (a process replaced after a
      # crash) is refused for a moment, and every second of that is dead air
      on_error=fun (msg) -> begin report("AWICECAST error #{msg}"); 0.25 end,
      on_connect=fun () -> begin title_sent := []; report("AWICECAST connected #{now_ms()}") end,
      radio)
    report("AWACTIVE #{now_ms()}")
    "OK"
  end
end)
`;

export const airPart = (o: ScriptOptions) => [live, channels(o), activation].join('\n');

// The decks of the engine's script (script.ts): request queues that play only inside their item's
// window, two of them mixed as the music (with silence holding the edges of a window), a voice deck
// mixed over it as `main`, the music ducked under the voice, and a deck for alerts.

// A deck's queue and its commands: a request queue holding the item, with its window [from, until)
// (Unix seconds) and its cut.
const deckQueue = (name: string) => `
${name}_q = request.queue(id="${name}_q")
${name}_from = ref(0.)
${name}_until = ref(0.)
${name}_cut = ref(infinity)
${name}_cut_fade = ref(0.1)
${name}_skip_at = ref(infinity)
# The item pushed, and the track the queue plays (a cut item's remnant until the deck is pulled again).
${name}_key = ref("")
${name}_playing = ref("")
${name}_q.on_track(fun (m) -> ${name}_playing := m["aw_key"])
# push <from> <until> <key> <request>: a deck holds one item at a time. A push comes once the
# deck's previous window closed, so it replaces whatever is left (a cut item, or the same push
# retried after a timeout); the window is set only when the file resolved, so a missing file leaves
# the deck closed and the default playlist airs in its place. A cut item's remnant is skipped only
# when the deck is next pulled, which takes a frame: the window opens a frame early for it, and the
# remnant is silent and not reported.
def ${name}_push(arg) =
  parts = string.split(separator=" ", arg)
  from = float_of_string(default=0., list.nth(default="0", parts, 0))
  until = float_of_string(default=0., list.nth(default="0", parts, 1))
  key = url.decode(list.nth(default="", parts, 2))
  uri = string.concat(separator=" ", list.tl(list.tl(list.tl(parts))))
  ${name}_q.set_queue([])
  remnant = null.defined(${name}_q.current())
  if remnant then ${name}_q.skip() end
  r = request.create(uri)
  if request.resolve(content_type=${name}_q, timeout=2., r) then
    ${name}_q.push(r)
    ${name}_key := key
    ${name}_from := if remnant then from - frame else from end
    ${name}_until := until
    ${name}_cut := infinity
    ${name}_skip_at := infinity
    "OK"
  else
    request.destroy(r)
    "FAIL"
  end
end
server.register(namespace="${name}", "push", ${name}_push)
server.register(namespace="${name}", "flush", fun (_) -> begin ${name}_q.set_queue([]); "OK" end)
# cut <at> <fade>: the plan ends the item on air sooner than its cue-out (a hard start added in
# front of it, or the item removed): it fades out over the last <fade> seconds before <at> and is
# skipped from there, its window kept open (silent) until the queue has let it go, so nothing of it
# is left for the deck's next item.
server.register(namespace="${name}", "cut", fun (arg) -> begin
  parts = string.split(separator=" ", arg)
  at = float_of_string(default=0., list.nth(default="0", parts, 0))
  ${name}_cut_fade := max(0.001, float_of_string(default=0.1, list.nth(default="0.1", parts, 1)))
  ${name}_cut := at
  ${name}_skip_at := at
  # whatever waits behind it goes too: the engine pushes what the new plan still has
  ${name}_q.set_queue([])
  ${name}_until := min(!${name}_until, at + 1.)
  "OK"
end)
`;

// A deck's source: the queue cut at its cue points, with its gain and fades, playing only inside
// its window, so every item starts at its instant by Liquidsoap's own clock and cannot outlive
// its end.
const deckSource = (name: string) => `
def ${name}_gain() =
  left = !${name}_cut - stream_now()
  fade = !${name}_cut_fade
  if !${name}_playing != !${name}_key then 0. elsif left >= fade then 1. elsif left <= 0. then 0. else left / fade end
end
# An item that starts more than two frames after its instant (pushed late, or resumed after a
# crash) starts where the plan is at the frame it actually starts: its cue-in is set then, from its
# instant (aw_start) and its own cue-in (aw_cue), so how long its push took never shifts it.
def ${name}_late_cue(m) =
  late = stream_now() - float_of_string(default=0., m["aw_start"])
  if m["aw_start"] != "" and late > 0.04 then [("liq_cue_in", string_of(float_of_string(default=0., m["aw_cue"]) + late))] else [] end
end
${name} = metadata.map(id="${name}_late", update=true, ${name}_late_cue, ${name}_q)
${name} = cue_cut(${name})
${name} = amplify(1., override="liq_amplify", ${name})
${name} = fade.in(duration=0.005, override_duration="liq_fade_in", ${name})
${name} = fade.out(duration=0.01, override_duration="liq_fade_out", ${name})
${name} = amplify(override=null(), ${name}_gain, ${name})
${name} = source.on_frame(${name}, fun () -> if stream_now() >= !${name}_skip_at then begin
  if null.defined(${name}_q.current()) then ${name}_q.skip() else begin
    ${name}_skip_at := infinity
    ${name}_until := min(!${name}_until, stream_now())
  end end
end end)
def ${name}_open() =
  t = stream_now()
  t >= !${name}_from and t < !${name}_until
end
# Its window's first 100 ms (a file whose first frame is not decoded yet), its last 160 ms (the
# cut's fade and the margin after the cue-out), and whether it opens within 100 ms (or is open).
def ${name}_opening() =
  t = stream_now()
  t >= !${name}_from and t < !${name}_until and t < !${name}_from + 0.1
end
def ${name}_ending() =
  t = stream_now()
  t >= !${name}_until - 0.16 and t < !${name}_until
end
def ${name}_soon() =
  t = stream_now()
  t < !${name}_until and !${name}_from - t < 0.1
end
${name} = switch(id="${name}", track_sensitive=false, [(${name}_open, ${name})])
${name}.on_track(fun (m) -> if m['aw_key'] == !${name}_key and m['aw_key'] != "" then begin
  report("AWTRACK ${name} #{now_ms()} #{m['aw_key']}")${name === 'voice' ? '' : `
  title_${name === 'alert' ? 'alert' : 'main'} := shown(m)`}
end end)`;

/**
 * The decks, and main: the two show decks mixed, with silence while an item hands over to the next
 * (the end of one window with the other opening within 100 ms) and in a window's first 100 ms.
 * Items of a block follow each other within a frame (20 ms), the next starting at its instant
 * while the last frame of the one before ends part way; without the silence, that part of a frame
 * (and any frame where the next item's first audio is not ready) aired the default playlist at
 * full level. An item with nothing after it hands over to the default playlist at once.
 */
const deck = (name: string) => deckQueue(name) + deckSource(name);

// The music's level under a voice (the voice deck's item, voice.ts): 1, down to the level over
// the fade from when it starts, the level while the voice sounds (until its end), back up over the
// fade after it. Two envelopes, written in turn by each voice's push, the music at the lower of the
// two: the next voice is set while the one before is still fading back up, and the piece of a voice
// resumed after an alert continues its own. `voice.duck_end <at>` ends the last one sooner (its
// voice cut); `voice.unduck` clears it (its voice taken back before it aired).
const envelope = (n: string) => `
duck_${n}_down_at = ref(0.)
duck_${n}_down = ref(0.)
duck_${n}_level = ref(1.)
duck_${n}_up_at = ref(0.)
duck_${n}_up = ref(0.)
def duck_${n}_gain() =
  t = stream_now()
  up_at = !duck_${n}_up_at
  level = !duck_${n}_level
  if t < !duck_${n}_down_at or t >= up_at + !duck_${n}_up then 1.
  elsif t >= up_at then level + (1. - level) * (t - up_at) / !duck_${n}_up
  elsif t < !duck_${n}_down_at + !duck_${n}_down then 1. - (1. - level) * (t - !duck_${n}_down_at) / !duck_${n}_down
  else level end
end`;

const duck = `${envelope('1')}
${envelope('2')}
duck_last = ref("2")
def duck_set(n, down_at, down, level, up_at, up) =
  if n == "1" then
    duck_1_down_at := down_at; duck_1_down := down; duck_1_level := level; duck_1_up_at := up_at; duck_1_up := up
  else
    duck_2_down_at := down_at; duck_2_down := down; duck_2_level := level; duck_2_up_at := up_at; duck_2_up := up
  end
end
server.register(namespace="voice", "duck", fun (arg) -> begin
  parts = string.split(separator=" ", arg)
  def number(i, default) = float_of_string(default=default, list.nth(default="", parts, i)) end
  duck_last := if !duck_last == "1" then "2" else "1" end
  duck_set(!duck_last, number(0, 0.), number(1, 0.), number(2, 1.), number(3, 0.), number(4, 0.))
  "OK"
end)
server.register(namespace="voice", "duck_end", fun (arg) -> begin
  at = float_of_string(default=0., arg)
  if !duck_last == "1" then duck_1_up_at := min(!duck_1_up_at, at) else duck_2_up_at := min(!duck_2_up_at, at) end
  "OK"
end)
server.register(namespace="voice", "unduck", fun (_) -> begin duck_set(!duck_last, 0., 0., 1., 0., 0.); "OK" end)
def duck_gain() = min(duck_1_gain(), duck_2_gain()) end`;

export const decksPart = `
${deck('deck_a')}
${deck('deck_b')}
${deck('alert')}
${deck('voice')}
def gap_open() =
  deck_a_opening() or deck_b_opening() or (deck_a_ending() and deck_b_soon()) or (deck_b_ending() and deck_a_soon())
end
gap = switch(id="gap", track_sensitive=false, [(gap_open, blank(id="gap_silence"))])
music = add(id="music", normalize=false, [deck_a, deck_b, gap])
${duck}
music = amplify(override=null(), duck_gain, music)
main = add(id="main", normalize=false, [music, voice])
stream_clock := fun () -> main.time()
`;

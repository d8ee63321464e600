// The boundary between the playout service and its audio engine. The service turns a player's
// rundown into a Plan (absolute instants, local files); the engine airs the plan through one
// Liquidsoap process per player to that player's Icecast mount and reports what actually aired,
// from the engine's own track events. Nothing here knows about the bus, the database or leases.

/** One thing to air, at an absolute instant (Unix milliseconds). */
export interface PlannedItem {
  /** Stable within a plan: `${blockKey}:${order}`; track events name it. */
  key: string;
  kind: 'file' | 'live';
  /** Local path of the audio file (kind `file`). */
  path?: string;
  media_id: number | null;
  title: string;
  artist: string;
  /** When it starts on air, Unix ms. */
  start: number;
  /** How long it airs, ms (a file is cut at start + duration). */
  duration: number;
  /** Seconds into the file to begin at (cue-in); the engine adds the lateness when it starts late. */
  cue_in: number;
  /** Gain in dB. */
  gain_db: number;
  /**
   * Overlap with the next item, seconds (the playlist's crossfade): the next item starts at
   * start + duration - crossfade and the two are faded across that overlap.
   */
  crossfade: number;
  /** The overlap is the item's own fading tail (its analysed next start): neither item is faded across it. */
  segue?: boolean;
  /** A hard start: whatever airs at `start` is ended (with a short fade) so this begins on time. */
  hard: boolean;
  /** What the item came from, for the as-run log. */
  context: 'show' | 'emerg' | 'fallback';
  show_id: number;
  show_name: string;
  /**
   * Live items: the password the show's source client gives the harbor input (Icecast source
   * protocol, any user name); without it, the output's `harbor.password`.
   */
  password?: string;
  /** A voicetrack aired over this item, the item ducked under it (file items of a show). */
  voiceover?: PlannedVoice;
  /** A voice (the voice deck's items, which the timeline makes from `voiceover`): how main is ducked under it. */
  duck?: Duck;
}

/** A presenter's voice over an item, at absolute instants (Unix ms), as its voicetrack says. */
export interface PlannedVoice {
  media_id: number;
  path: string;
  title: string;
  artist: string;
  /** When the voice starts (after the music's fade down), Unix ms. */
  start: number;
  /** How long the voice lasts, ms. */
  duration: number;
  duck: Duck;
}

/** Main's level under a voice: from 1 down to `level` over `down_s` from `down_at`, back up over `up_s` after the voice. */
export interface Duck {
  /** When the music starts fading down, Unix ms. */
  down_at: number;
  down_s: number;
  /** 0..1 */
  level: number;
  up_s: number;
}

/** An alert interrupting at its times (kind `file` only). */
export type PlannedAlert = PlannedItem & { context: 'emerg' };

export interface Plan {
  player_id: number;
  items: PlannedItem[];
  /** Aired when nothing is planned or a file fails: the player's default playlist, looped. */
  fallback: PlannedItem[];
}

export interface EngineOutput {
  /** Icecast host, port, mount and source password. */
  host: string;
  port: number;
  mount: string;
  password: string;
  /** Harbor input for live shows: port and mount a source client connects to, per show password. */
  harbor?: { port: number; mount: string; password: string };
}

/** What the engine reports: a track started (actually, as Liquidsoap saw it) or ended. */
export interface TrackEvent {
  player_id: number;
  key: string;
  media_id: number | null;
  title: string;
  artist: string;
  context: PlannedItem['context'];
  /** Unix ms, from the engine's own event. */
  at: number;
  kind: 'start' | 'end' | 'skip';
  reason?: string;
}

/** One player's engine: a Liquidsoap process. */
export interface PlayerEngine {
  start(output: EngineOutput): Promise<void>;
  /** Replaces what is planned; items already on air keep airing unless a hard item starts now. */
  update(plan: Plan): Promise<void>;
  onTrack(listener: (event: TrackEvent) => void): () => void;
  stop(): Promise<void>;
}

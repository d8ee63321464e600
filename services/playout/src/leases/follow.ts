// The events that change what a held player airs: its rundown (scheduling.rundown.changed, and
// the shows, timeslots, dayparting and playlists it is made of), its alerts, the media items (a new file version) and the players' settings (who is aired, where to).
// Each replica follows them for itself (no durable consumer: every replica sees every event).
import type { Bus, Subscription } from '@airwave/bus';
import type { Supervisor } from './supervisor';

type Payload = { player_id?: unknown } | undefined;

const playerOf = (data: unknown): number | undefined => {
  const id = ((data as { payload?: Payload })?.payload ?? undefined)?.player_id;
  return typeof id === 'number' ? id : undefined;
};

export async function followChanges(bus: Bus, supervisor: Supervisor): Promise<Subscription[]> {
  const forPlayer = (data: unknown) => {
    const id = playerOf(data);
    supervisor.refresh(id === undefined ? undefined : [id]);
  };
  return Promise.all([
    bus.subscribe('scheduling.rundown.changed', ({ data }) => forPlayer(data)),
    // A child may air its parent's alerts: every player's plan is rebuilt.
    bus.subscribe('scheduling.alert.*', () => supervisor.refresh()),
    bus.subscribe('media.item.*', () => supervisor.refresh()),
    // What the rundown is made of. A change that reaches no stored block of the rundown publishes no
    // rundown.changed (a show added where nothing was asked yet), and a child airs its parent's
    // shows: every held player's plan is rebuilt (one rundown read each).
    ...['scheduling.show.>', 'scheduling.timeslot.>', 'scheduling.dayparting.>', 'media.playlist.*'].map((subject) => bus.subscribe(subject, () => supervisor.refresh())),
    bus.subscribe('scheduling.player.*', () => supervisor.playersChanged()),
  ]);
}

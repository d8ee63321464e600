import { describe, expect, it } from 'vitest';
import { initialAir, orderReports, parseLine, reduceAir, type AirEvent, type AirState, type EngineLine } from './events';

function run(lines: string[]): AirEvent[] {
  let state: AirState = initialAir;
  const events: AirEvent[] = [];
  for (const parsed of orderReports(lines.map((l) => parseLine(l)).filter((l): l is EngineLine => !!l))) {
    const [next, out] = reduceAir(state, parsed);
    state = next;
    events.push(...out);
  }
  return events;
}

describe('on-air events from Liquidsoap reports', () => {
  it('reads a voice starting over the music as no change of what is on air', () => {
    expect(parseLine('AWTRACK voice 1500 12:3:voice')).toEqual({ type: 'voice', at: 1500, key: '12:3:voice' });
    expect(run(['AWTRACK deck_a 1000 12:3', 'AWAIR main 1000', 'AWTRACK voice 1500 12:3:voice', 'AWTRACK deck_b 9000 12:4'])).toEqual([
      { kind: 'start', key: '12:3', channel: 'main', at: 1000 },
      { kind: 'end', key: '12:3', channel: 'main', at: 9000 },
      { kind: 'start', key: '12:4', channel: 'main', at: 9000 },
    ]);
  });

  it('parses reports and ignores other lines', () => {
    expect(parseLine('AWTRACK deck_b 1000 12:3')).toEqual({ type: 'track', channel: 'main', deck: 'deck_b', at: 1000, key: '12:3' });
    expect(parseLine('AWAIR alert 2000')).toEqual({ type: 'air', channel: 'alert', at: 2000 });
    expect(parseLine('AWICECAST connected 5')).toEqual({ type: 'icecast', text: 'connected 5' });
    expect(parseLine('2026/11/26 10:00:00 [main:3] Liquidsoap 2.1.3')).toBeUndefined();
    expect(parseLine('AWTRACK nowhere 1 x')).toBeUndefined();
  });

  it('starts and ends items as the air switches, with Liquidsoap times', () => {
    const events = run([
      'AWAIR default 100',
      'AWTRACK default 100 fb:1',
      'AWTRACK deck_a 900 s:1', // main runs under the default: not on air yet
      'AWAIR main 1000',
      'AWTRACK deck_b 2000 s:2',
      'AWAIR alert 3000',
      'AWTRACK alert 3000 a:1', // same frame: the track is known before the switch is announced
      'AWAIR main 4000', // back to the show that ran underneath
      'AWTRACK deck_b 4500 ', // a deck's window closing on nothing
      'AWAIR default 5000', // main ran out
      'AWAIR main 6000', // the next item after a gap: its deck reports it a moment later
      'AWTRACK deck_a 6040 s:3',
    ]);
    expect(events.map((e) => `${e.kind} ${e.key} ${e.channel} ${e.at}`)).toEqual([
      'start fb:1 default 100',
      'end fb:1 default 1000',
      'start s:1 main 1000',
      'end s:1 main 2000',
      'start s:2 main 2000',
      'end s:2 main 3000',
      'start a:1 alert 3000',
      'end a:1 alert 4000',
      'start s:2 main 4000',
      'end s:2 main 5000',
      'start fb:1 default 5000',
      'end fb:1 default 6000',
      'start s:3 main 6040',
    ]);
  });
});

// SoundExchange's report of use from plays and their actual total performances.
import { describe, expect, it } from 'vitest';
import { soundExchangeReport } from './soundexchange';

const service = { name: 'KAWV Airwave Radio', category: 'B' };
const play = (title: string, atp: number, extra: Partial<{ artist: string; isrc: string; album: string; label: string }> = {}) => ({ artist: 'Ana Ruiz', title, isrc: '', album: 'Días', label: 'Sello', atp, ...extra });

describe('soundExchangeReport', () => {
  it('writes the template’s columns, one line a recording with its plays’ performances summed', () => {
    const text = soundExchangeReport(service, [play('Uno', 12, { isrc: 'usabc2600001' }), play('Dos', 3), play('Uno', 8, { isrc: 'USABC2600001', album: 'Live' }), play('Dos', 4)]);
    expect(text.split('\r\n')).toEqual([
      'NAME_OF_SERVICE\tTRANSMISSION_CATEGORY\tFEATURED_ARTIST\tSOUND_RECORDING_TITLE\tISRC\tALBUM_TITLE\tMARKETING_LABEL\tACTUAL_TOTAL_PERFORMANCES',
      'KAWV Airwave Radio\tB\tAna Ruiz\tUno\tUSABC2600001\tDías\tSello\t20',
      'KAWV Airwave Radio\tB\tAna Ruiz\tDos\t\tDías\tSello\t7',
      '',
    ]);
  });

  it('keeps tabs and line breaks out of fields, and leaves out a recording nobody heard', () => {
    const text = soundExchangeReport(service, [play('Tres\tpartes\n(edit)', 2), play('Silence', 0)]);
    expect(text.split('\r\n')[1]).toBe('KAWV Airwave Radio\tB\tAna Ruiz\tTres partes (edit)\t\tDías\tSello\t2');
    expect(text).not.toContain('Silence');
  });
});

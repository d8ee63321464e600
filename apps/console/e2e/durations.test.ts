// Lengths read side by side are written alike (issue 43, N6): "1:00" beside "1:00:00" read as the
// same hour, where one was a minute. No browser needed.
import { describe, expect, it } from 'vitest';
import { formatDuration, formatDurationsAlike } from '../src/media/media-types';

describe('lengths side by side', () => {
  it.each([
    [[2, 3600], ['0:00:02', '1:00:00']],
    [[60, 3600], ['0:01:00', '1:00:00']],
    [[125, 300], ['2:05', '5:00']],
    [[3599.6, 10], ['1:00:00', '0:00:10']],
    [[5400, 36_000], ['1:30:00', '10:00:00']],
  ])('writes %j as %j', (seconds, written) => {
    expect(formatDurationsAlike(...seconds)).toEqual(written);
  });

  it('writes a length alone as before', () => {
    expect([formatDuration(60), formatDuration(3600), formatDuration(null)]).toEqual(['1:00', '1:00:00', '']);
  });
});

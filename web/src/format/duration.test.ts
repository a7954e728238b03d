import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { formatDuration, splitDuration } from './duration';

const t = ((key: string, o: { count: number }) => `${o.count}${key.split('.').pop()![0]}`) as unknown as TFunction;

describe('formatDuration', () => {
  it('splits seconds into hours, minutes and seconds', () => {
    expect(splitDuration(9000 + 7)).toEqual({ hours: 2, minutes: 30, seconds: 7 });
    expect(splitDuration(-5)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
  });

  it('writes hours and minutes, seconds only under an hour', () => {
    expect(formatDuration(9000, t)).toBe('2h 30m');
    expect(formatDuration(3600, t)).toBe('1h');
    expect(formatDuration(65, t)).toBe('1m 5s');
    expect(formatDuration(3605, t)).toBe('1h');
    expect(formatDuration(0, t)).toBe('0m');
  });
});

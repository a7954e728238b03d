import { describe, expect, it } from 'vitest';
import { handAngles } from './ClockIcon';

describe('clock hands', () => {
  it('point at the current time', () => {
    expect(handAngles(new Date(2026, 0, 1, 3, 0, 0))).toEqual({ hour: 90, minute: 0 });
    expect(handAngles(new Date(2026, 0, 1, 15, 30, 0))).toEqual({ hour: 105, minute: 180 });
    expect(handAngles(new Date(2026, 0, 1, 0, 0, 30)).minute).toBe(3);
  });
});

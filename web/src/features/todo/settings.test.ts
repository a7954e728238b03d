import { describe, expect, it } from 'vitest';
import { calendarSettings, DEFAULT_SETTINGS } from './settings';

describe('the calendar’s account settings', () => {
  it('starts weeks on Monday and works 9 to 18 on weekdays by default', () => {
    expect(calendarSettings([])).toEqual(DEFAULT_SETTINGS);
  });
  it('reads an ISO week start and working hours', () => {
    const s = calendarSettings([
      { id: 'weekStart', value: 7 },
      { id: 'workingHours', value: { from: '10:00', to: '19:30', days: [1, 2, 3, 4, 5, 6] } },
    ]);
    expect(s.firstDay).toBe(0);
    expect(s.businessHours).toEqual({ daysOfWeek: [1, 2, 3, 4, 5, 6], startTime: '10:00', endTime: '19:30' });
  });
  it('keeps the defaults for what it cannot read', () => {
    expect(calendarSettings([{ id: 'weekStart', value: 9 }, { id: 'workingHours', value: { from: '19:00', to: '08:00', days: [0] } }])).toEqual(DEFAULT_SETTINGS);
  });
});

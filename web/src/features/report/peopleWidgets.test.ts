import { describe, expect, it } from 'vitest';
import { bestFirst, birthdayText } from './peopleWidgets';

const line = (id: string, effectiveness: number, doneOnTime: number, doneLate = 0, overdue = 0) => ({
  employee: { contentType: 'Employee', id, name: id }, doneOnTime, doneLate, overdue, inWork: 0, effectiveness,
});

describe('the dashboard\'s people widgets', () => {
  it('say "today" for a birthday today, else its day and month', () => {
    const now = new Date(2026, 10, 29);
    expect(birthdayText({ year: 1990, month: 10, day: 29 }, now, 'сегодня', 'ru')).toBe('сегодня');
    expect(birthdayText({ month: 11, day: 3 }, now, 'сегодня', 'ru')).toBe('3 декабря');
    expect(birthdayText(null, now, 'сегодня', 'ru')).toBe('');
  });
  it('rank employees by the share done on time, then by the work done, leaving out those with nothing due', () => {
    const ranked = bestFirst([line('a', 50, 1, 1), line('b', 100, 2), line('c', 100, 5), line('idle', 0, 0)]);
    expect(ranked.map((l) => l.employee?.id)).toEqual(['c', 'b', 'a']);
  });
});

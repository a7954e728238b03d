// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { initI18n } from '../../i18n';
import { BEFORE_CHOICES, beforeLabel, defaultBefore, defaultSetting } from './reminders';
import { describeRepeat, repeatOf, scheduleBody } from './repeat';

beforeAll(async () => {
  await initI18n('ru');
});

describe('a to-do’s repetition', () => {
  it('reads the schedule the server shows, and writes it back the same', () => {
    const shown = { contentType: 'Schedule', id: '7', interval: 'week', each: 2, weekDays: [3, 1], endDate: { contentType: 'DateOnly', year: 2026, month: 11, day: 31 } };
    const r = repeatOf(shown)!;
    expect(r).toEqual({ interval: 'week', each: 2, weekDays: [3, 1], end: 'date', endDate: '2026-12-31', repetitions: 10 });
    expect(scheduleBody(r)).toEqual({ contentType: 'Schedule', interval: 'week', each: 2, weekDays: [1, 3], endDate: { contentType: 'DateOnly', year: 2026, month: 11, day: 31 } });
    expect(repeatOf(null)).toBeNull();
    expect(repeatOf({ interval: 'hourly' })).toBeNull();
  });

  it('keeps only what the end asks for', () => {
    const r = { interval: 'day' as const, each: 0, weekDays: [5], end: 'count' as const, endDate: '2026-12-31', repetitions: 4 };
    expect(scheduleBody(r)).toEqual({ contentType: 'Schedule', interval: 'day', each: 1, repetitions: 4 });
    expect(repeatOf({ interval: 'day', repetitions: 4 })!.end).toBe('count');
  });

  it('says it in Russian words with the right plural', () => {
    const t = i18next.t.bind(i18next);
    expect(describeRepeat({ interval: 'day', each: 1, weekDays: [], end: 'count', endDate: '', repetitions: 4 }, t, 'ru')).toBe('Каждый день, 4 раза');
    expect(describeRepeat({ interval: 'week', each: 5, weekDays: [1], end: 'never', endDate: '', repetitions: 1 }, t, 'ru')).toBe('Каждые 5 недель, по дням: пн');
    expect(describeRepeat({ interval: 'month', each: 2, weekDays: [], end: 'date', endDate: '2027-01-15', repetitions: 1 }, t, 'ru')).toMatch(/^Каждые 2 месяца, до 15 янв/);
  });
});

describe('reminders', () => {
  it('names the times before', () => {
    const t = i18next.t.bind(i18next);
    expect(BEFORE_CHOICES.map((s) => beforeLabel(s, t))).toEqual(['В момент начала', 'За 5 минут', 'За 15 минут', 'За 30 минут', 'За 1 час', 'За 2 часа', 'За 1 день']);
  });

  it('reads and writes the user’s default', () => {
    expect(defaultBefore(defaultSetting(900))).toBe(900);
    expect(defaultBefore(defaultSetting(null))).toBeNull();
    expect(defaultBefore([{ type: 'task', reminder: { timeBefore: { value: 60 } } }])).toBeNull();
    expect(defaultBefore('junk')).toBeNull();
  });
});

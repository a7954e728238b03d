import { describe, expect, it } from 'vitest';
import { dayParser, fromPickerDay, toPickerDay, formatDateOnly } from './dateOnly/convert';
import { fromPickerTime, toPickerTime, timeParser, formatDateTime, dateTimeOf } from './dateTime/convert';
import { withHoursMinutes } from './dateInterval';
import { withAmount, withCurrency, isCurrencyCode } from './money/convert';
import { memberOf, switchMember, unionMembers } from './dateUnion/convert';
import { withTimeEnd } from './intervalTime';
import { withDayEnd } from './intervalDates';
import { fromInput } from './number';
import { fieldKind, isEmptyValue } from './index';

describe('DateOnly', () => {
  it('counts months from 0 on the wire and from 1 in pickers', () => {
    const jan31 = { contentType: 'DateOnly' as const, year: 2026, month: 0, day: 31 };
    expect(toPickerDay(jan31)).toBe('2026-01-31');
    expect(fromPickerDay('2026-01-31')).toEqual(jan31);
    expect(fromPickerDay(toPickerDay({ ...jan31, month: 11 }))).toEqual({ ...jan31, month: 11 });
    expect(formatDateOnly(jan31)).toBe('31.01.2026');
  });

  it('reads the day of a picker value with a time, and nothing from nothing', () => {
    expect(fromPickerDay('2026-03-05 10:00:00')).toMatchObject({ month: 2, day: 5 });
    expect(fromPickerDay(null)).toBeNull();
    expect(fromPickerDay('garbage')).toBeNull();
  });

  it('parses typed text by the spec rules', () => {
    expect(dayParser('5.3.2026')).toBe('2026-03-05');
    expect(dayParser('2026-03-05')).toBe('2026-03-05');
    expect(dayParser('31.02.2026')).toBeNull();
  });
});

describe('DateTime', () => {
  it('round-trips through the picker in local time', () => {
    const v = dateTimeOf(new Date(2026, 2, 5, 14, 30, 15));
    expect(toPickerTime(v)).toBe('2026-03-05 14:30:15');
    expect(fromPickerTime(toPickerTime(v))).toEqual(v);
    expect(new Date(fromPickerTime('2026-03-05 14:30:00')!.value).getTime()).toBe(new Date(2026, 2, 5, 14, 30).getTime());
  });

  it('writes an offset the server reads', () => {
    expect(dateTimeOf(new Date(2026, 0, 1, 9, 0)).value).toMatch(/^2026-01-01T09:00:00[+-]\d{2}:\d{2}$/);
  });

  it('shows and parses DD.MM.YYYY HH:mm', () => {
    expect(formatDateTime(dateTimeOf(new Date(2026, 2, 5, 14, 30)))).toBe('05.03.2026 14:30');
    expect(timeParser('05.03.2026 14:30')).toBe('2026-03-05 14:30:00');
    expect(timeParser('05.03.2026 25:00')).toBeNull();
    expect(fromPickerTime(null)).toBeNull();
  });
});

describe('DateInterval', () => {
  it('builds seconds from hours and minutes, keeping odd seconds', () => {
    expect(withHoursMinutes(null, 2, 30)).toEqual({ contentType: 'DateInterval', value: 9000 });
    expect(withHoursMinutes({ contentType: 'DateInterval', value: 9007 }, 1, 0)).toEqual({ contentType: 'DateInterval', value: 3607 });
    expect(withHoursMinutes(null, 0, 0)).toBeNull();
    expect(withHoursMinutes({ contentType: 'DateInterval', value: 60 }, 0, 0)).toEqual({ contentType: 'DateInterval', value: 0 });
  });
});

describe('Money', () => {
  const rub = { contentType: 'Money' as const, value: 100, currency: 'RUB', valueInMain: 100, rate: 1 };

  it('drops valueInMain on a new amount so the server recomputes it', () => {
    expect(withAmount(rub, 250.5)).toEqual({ contentType: 'Money', value: 250.5, currency: 'RUB', rate: 1 });
    expect(withAmount(null, 10)).toEqual({ contentType: 'Money', value: 10, currency: 'RUB' });
    expect(withAmount(rub, null)).toBeNull();
  });

  it('drops the old rate when the currency changes', () => {
    expect(withCurrency({ ...rub, rate: 90 }, 'usd')).toEqual({ contentType: 'Money', value: 100, currency: 'USD' });
    expect(withCurrency(rub, 'RUB')).toBe(rub);
    expect(withCurrency(null, 'USD')).toBeNull();
  });

  it('checks currency codes as the server does', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('EURO')).toBe(false);
  });
});

describe('date unions', () => {
  const members = unionMembers('DateOnly|DateTime|ShiftDate');

  it('tells the member by contentType', () => {
    expect(members).toEqual(['DateOnly', 'DateTime', 'ShiftDate']);
    expect(memberOf({ contentType: 'ShiftDate', days: 1 }, members)).toBe('ShiftDate');
    expect(memberOf({ contentType: 'IntervalTime' }, members)).toBeUndefined();
    expect(memberOf(null, members)).toBeUndefined();
  });

  it('carries a day over to an instant and back', () => {
    const day = { contentType: 'DateOnly', year: 2026, month: 2, day: 5 };
    const instant = switchMember(day, 'DateTime');
    expect(instant).toEqual(dateTimeOf(new Date(2026, 2, 5)));
    expect(switchMember(instant, 'DateOnly')).toEqual(day);
    expect(switchMember(day, 'ShiftDate')).toBeNull();
  });

  it('registers unions of known kinds and shows the rest read-only', () => {
    expect(fieldKind('DateOnly|DateTime').editable).toBe(true);
    expect(fieldKind('DateOnly|DateTime')).toBe(fieldKind('DateOnly|DateTime'));
    expect(fieldKind('Money|Morality').editable).toBe(false);
    expect(fieldKind('SomethingNew').editable).toBe(false);
    expect(fieldKind('count').editable).toBe(false);
    expect(fieldKind('string').editable).toBe(true);
  });
});

describe('intervals', () => {
  it('widens an interval of no length to half an hour', () => {
    const at = dateTimeOf(new Date(2026, 0, 1, 10, 0));
    const one = withTimeEnd(null, 'from', at);
    expect(one).toEqual({ contentType: 'IntervalTime', from: at, to: null });
    expect(withTimeEnd(one, 'to', at)?.to).toEqual(dateTimeOf(new Date(2026, 0, 1, 10, 30)));
  });

  it('is no value with both ends open', () => {
    const day = fromPickerDay('2026-01-01');
    expect(withDayEnd(withDayEnd(null, 'from', day), 'from', null)).toBeNull();
    expect(withDayEnd(null, 'to', day)).toEqual({ contentType: 'IntervalDates', from: null, to: day });
  });
});

describe('numbers and emptiness', () => {
  it('reads NumberInput values', () => {
    expect(fromInput('')).toBeNull();
    expect(fromInput('-')).toBeNull();
    expect(fromInput(5)).toBe(5);
    expect(fromInput('2.5')).toBe(2.5);
  });

  it('calls null, empty text and empty lists empty', () => {
    expect([null, undefined, '', []].every(isEmptyValue)).toBe(true);
    expect([0, false, 'x', [1]].some(isEmptyValue)).toBe(false);
  });
});

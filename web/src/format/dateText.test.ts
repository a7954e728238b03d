import { describe, expect, it } from 'vitest';
import { parseDateText, widenInterval } from './dateText';

const now = new Date(2026, 5, 15, 10, 0, 0);
// The parsed moment as local "YYYY-MM-DD HH:mm:ss".
function local(text: string): string | null {
  const r = parseDateText(text, now);
  if (!r) return null;
  const d = r.date;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

describe('parseDateText', () => {
  it('reads DD.MM.YYYY with dots or dashes', () => {
    expect(local('31.12.2026')).toBe('2026-12-31 00:00:00');
    expect(local('1-2-2025')).toBe('2025-02-01 00:00:00');
    expect(parseDateText('31.12.2026', now)?.hasTime).toBe(false);
  });

  it('reads DD.MM.YYYY HH:mm and seconds', () => {
    expect(local('05.03.2026 14:30')).toBe('2026-03-05 14:30:00');
    expect(local('05.03.2026 9:05:07')).toBe('2026-03-05 09:05:07');
    expect(parseDateText('05.03.2026 14:30', now)?.hasTime).toBe(true);
  });

  it('fills a missing year with the current one', () => {
    expect(local('05.03')).toBe('2026-03-05 00:00:00');
  });

  it('puts a 2-digit year in the current century', () => {
    expect(local('05.03.99')).toBe('2099-03-05 00:00:00');
    expect(local('05.03.07')).toBe('2007-03-05 00:00:00');
  });

  it('reorders a 4-digit year written first', () => {
    expect(local('2026-03-05')).toBe('2026-03-05 00:00:00');
    expect(local('2026.03.05 08:00')).toBe('2026-03-05 08:00:00');
  });

  it('refuses days over 31 and months over 12', () => {
    expect(local('32.01.2026')).toBeNull();
    expect(local('00.01.2026')).toBeNull();
    expect(local('10.13.2026')).toBeNull();
    expect(local('10.00.2026')).toBeNull();
  });

  it('refuses days the month does not have', () => {
    expect(local('31.04.2026')).toBeNull();
    expect(local('29.02.2026')).toBeNull();
    expect(local('29.02.2028')).toBe('2028-02-29 00:00:00');
  });

  it('refuses hours over 23 and minutes or seconds over 59', () => {
    expect(local('01.01.2026 24:00')).toBeNull();
    expect(local('01.01.2026 23:60')).toBeNull();
    expect(local('01.01.2026 23:59:60')).toBeNull();
    expect(local('01.01.2026 23:59:59')).toBe('2026-01-01 23:59:59');
  });

  it('refuses other shapes', () => {
    for (const text of ['', '5', 'abc', '05/03/2026', '05.03.202', '05.03.2026 14', '05.03.2026 14:30 x', '2026-03', '123.01.2026']) {
      expect(local(text)).toBeNull();
    }
  });
});

describe('widenInterval', () => {
  it('widens a zero-length interval by 30 minutes', () => {
    const at = new Date(2026, 0, 1, 10, 0);
    expect(widenInterval(at, new Date(at)).to).toEqual(new Date(2026, 0, 1, 10, 30));
  });

  it('keeps an interval with a length', () => {
    const from = new Date(2026, 0, 1, 10, 0);
    const to = new Date(2026, 0, 1, 10, 5);
    expect(widenInterval(from, to)).toEqual({ from, to });
  });
});

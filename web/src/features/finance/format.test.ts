import { describe, expect, it } from 'vitest';
import { isOverdue, leftText, owedText, unpaidKopecks } from './format';

const rub = (value: number) => ({ value, currency: 'RUB' });
const day = (year: number, month: number, d: number) => ({ contentType: 'DateOnly', year, month, day: d });

describe('an invoice left to pay', () => {
  it('is the sum less what is paid, never below nothing, nothing once rejected', () => {
    expect(unpaidKopecks({ status: 'drawn', sum: rub(1200.5), paidSum: rub(200.25) })).toBe(100025n);
    expect(unpaidKopecks({ status: 'paid', sum: rub(100), paidSum: rub(150) })).toBe(0n);
    expect(unpaidKopecks({ status: 'rejected', sum: rub(100) })).toBe(0n);
    expect(unpaidKopecks({ status: 'created', sum: rub(0.1), paidSum: null })).toBe(10n);
  });
  it('is written in the invoice\'s currency, and totalled per currency', () => {
    expect(leftText({ status: 'drawn', sum: { value: 50, currency: 'USD' } })).toBe('50 USD');
    const owed = owedText([{ status: 'drawn', sum: rub(1000), paidSum: rub(400) }, { status: 'created', sum: rub(0.5) }, { status: 'drawn', sum: { value: 7, currency: 'EUR' } }]);
    expect(owed.replace(/\s/g, ' ')).toBe('600,5 ₽ · 7 EUR');
    expect(owedText([]).replace(/\s/g, ' ')).toBe('0 ₽');
  });
});

describe('an overdue invoice', () => {
  const now = new Date(Date.UTC(2026, 10, 29, 12));
  it('is created or drawn with a deadline before today', () => {
    expect(isOverdue({ status: 'drawn', deadline: day(2026, 10, 28) }, now)).toBe(true);
    expect(isOverdue({ status: 'created', deadline: day(2026, 9, 30) }, now)).toBe(true);
  });
  it('is not one due today, paid, rejected or without a deadline', () => {
    expect(isOverdue({ status: 'drawn', deadline: day(2026, 10, 29) }, now)).toBe(false);
    expect(isOverdue({ status: 'paid', deadline: day(2026, 1, 1) }, now)).toBe(false);
    expect(isOverdue({ status: 'rejected', deadline: day(2026, 1, 1) }, now)).toBe(false);
    expect(isOverdue({ status: 'drawn', deadline: null }, now)).toBe(false);
  });
});

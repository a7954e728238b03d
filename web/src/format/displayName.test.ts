import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { displayName, contactInfoName } from './displayName';

// A stand-in t that shows which key and values were asked for.
const t = ((key: string, opts?: Record<string, unknown>) => (opts ? `${key}:${JSON.stringify(opts)}` : key)) as unknown as TFunction;

describe('displayName', () => {
  it('is empty for nothing', () => {
    expect(displayName(undefined)).toBe('');
  });

  it('calls people by last name then first name', () => {
    expect(displayName({ contentType: 'Employee', id: '2', firstName: 'Анна', lastName: 'Соколова', name: 'Анна Соколова' })).toBe('Соколова Анна');
    expect(displayName({ contentType: 'ContractorHuman', id: '5', firstName: 'Ivan', lastName: '' })).toBe('Ivan');
  });

  it('falls back to the name of a person without first and last names', () => {
    expect(displayName({ contentType: 'ContractorHuman', id: '5', name: 'ООО Ромашка' })).toBe('ООО Ромашка');
  });

  it('calls companies and employees by name', () => {
    expect(displayName({ contentType: 'ContractorCompany', id: '1', name: 'Престиж' })).toBe('Престиж');
  });

  it('calls deals and tasks by name, else by number', () => {
    expect(displayName({ contentType: 'Deal', id: '9', name: 'Поставка', number: '17' })).toBe('Поставка');
    expect(displayName({ contentType: 'Deal', id: '9', name: null, number: '17' }, t)).toBe('format.number:{"number":"17"}');
    expect(displayName({ contentType: 'Task', id: '9', name: '', humanNumber: 473 })).toBe('№ 473');
  });

  it('shows contact info as type label, value and comment', () => {
    const info = { contentType: 'ContactInfo', id: '', type: 'phone', value: '+7 900', comment: 'Мобильный' };
    expect(displayName(info, t)).toBe('format.contact.phone: +7 900 (Мобильный)');
    expect(contactInfoName({ type: 'email', value: 'a@b.c', comment: '' })).toBe('email: a@b.c');
    expect(contactInfoName({ value: 'x' })).toBe('x');
  });

  it('falls back to the type label and id', () => {
    expect(displayName({ contentType: 'Program', id: '3' })).toBe('Program #3');
    expect(displayName({ contentType: 'Program', id: '3' }, t, 'Воронка')).toBe('Воронка #3');
  });

  it('uses the no-access title when the read right is missing and there is no name', () => {
    expect(displayName({ contentType: 'Task', id: '3', possibleActions: ['act_edit'] }, t)).toBe('format.noAccess');
    expect(displayName({ contentType: 'Task', id: '3', rights: { read: false } }, t)).toBe('format.noAccess');
    expect(displayName({ contentType: 'Task', id: '3', possibleActions: ['act_read'] }, t, 'Задача')).toBe('Задача #3');
    // A name is shown even without the right: the server chose to send it.
    expect(displayName({ contentType: 'Task', id: '3', name: 'Открытая', possibleActions: [] }, t)).toBe('Открытая');
  });
});

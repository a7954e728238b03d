import { describe, expect, it } from 'vitest';
import { contactsOf, mainValue, withEntry, withMain, withoutEntry, type ContactEntry } from './contacts';

const phone = (value: string, isMain = false): ContactEntry => ({ contentType: 'ContactInfo', type: 'phone', value, isMain });

describe('contact info edits', () => {
  it('adds trimmed entries and drops one', () => {
    const list = withEntry([phone('1')], 'email', '  a@b.ru ', ' work ');
    expect(list[1]).toEqual({ contentType: 'ContactInfo', type: 'email', value: 'a@b.ru', comment: 'work' });
    expect(withoutEntry(list, 0)).toEqual([list[1]]);
  });

  it('makes one main per type, leaving other types alone', () => {
    const mail: ContactEntry = { contentType: 'ContactInfo', type: 'email', value: 'a@b.ru', isMain: true };
    const list = withMain([phone('1', true), mail, phone('2')], 2);
    expect(list.map((e) => e.isMain)).toEqual([false, true, true]);
  });

  it('reads the main value, else the first', () => {
    expect(mainValue([phone('1'), phone('2', true)], 'phone')).toBe('2');
    expect(mainValue([phone('1'), phone('2')], 'phone')).toBe('1');
    expect(mainValue(undefined, 'email')).toBe('');
    expect(contactsOf([null, 3, phone('1')])).toHaveLength(1);
  });
});

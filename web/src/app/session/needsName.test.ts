import { describe, expect, it } from 'vitest';
import { needsName } from './needsName';

const base = { contentType: 'Employee', id: '5' };
const mail = (value: string, isMain = true) => ({ type: 'email', value, isMain });

describe('needsName', () => {
  it('asks when first and last name both equal the e-mail', () => {
    expect(needsName({ ...base, firstName: 'a@b.c', lastName: 'a@b.c', contactInfo: [mail('a@b.c')] })).toBe(true);
    expect(needsName({ ...base, firstName: 'A@B.c ', lastName: 'a@b.C', contactInfo: [mail('a@b.c')] })).toBe(true);
  });
  it('does not ask when either name differs', () => {
    expect(needsName({ ...base, firstName: 'Anna', lastName: 'a@b.c', contactInfo: [mail('a@b.c')] })).toBe(false);
    expect(needsName({ ...base, firstName: 'a@b.c', lastName: '', contactInfo: [mail('a@b.c')] })).toBe(false);
  });
  it('uses the main e-mail, then the login', () => {
    expect(needsName({ ...base, firstName: 'x@y.z', lastName: 'x@y.z', contactInfo: [mail('a@b.c', false), mail('x@y.z')] })).toBe(true);
    expect(needsName({ ...base, firstName: 'x@y.z', lastName: 'x@y.z', login: 'x@y.z' })).toBe(true);
    expect(needsName({ ...base, firstName: 'x', lastName: 'x' })).toBe(false);
  });
  it('trusts the server flag when present', () => {
    expect(needsName({ ...base, needsName: true, firstName: 'Anna', lastName: 'B' })).toBe(true);
    expect(needsName({ ...base, needsName: false, firstName: 'a@b.c', lastName: 'a@b.c', contactInfo: [mail('a@b.c')] })).toBe(false);
  });
});

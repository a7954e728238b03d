import { describe, expect, it } from 'vitest';
import { classifyError, errorFor, groupErrors, routeForError } from './errors';
import { HttpError } from './transport';

const failure = (status: number, type: string, message: string) =>
  new HttpError(status, 'x', { data: null, meta: { status, errors: [{ field: null, type, message }] } }, '/api/v3/task');

describe('groupErrors', () => {
  it('nests entries by field path and keeps root errors as own', () => {
    const g = groupErrors([
      { field: 'name', message: 'required', type: 'required' },
      { field: 'contactInfo.0.value', message: 'bad phone', type: 'invalid' },
      { field: 'contactInfo.0.value', message: 'too long', type: 'length' },
      { field: null, message: 'failed', type: 'internal' },
      { field: 'x', message: '', type: 'ignored' },
    ]);
    expect(g.own.map((e) => e.message)).toEqual(['failed']);
    expect(g.children.contactInfo.children['0'].children.value.own.map((e) => e.message)).toEqual(['bad phone', 'too long']);
    expect(g.children.x).toBeUndefined();
    expect(errorFor(g, 'name')).toBe('required');
    expect(errorFor(g, 'contactInfo.0.value')).toBe('bad phone');
    expect(errorFor(g, 'deadline')).toBeUndefined();
  });
});

describe('errors that move the user', () => {
  const unauthorized = failure(401, 'unauthorized', 'Authorization required');
  const paid = failure(403, 'not_granted', 'Your paid period is officially over');
  const trial = failure(403, 'NotGranted', 'Your 14-day free trial period has officially ended');
  const ip = failure(403, 'NotGranted', 'Your IP-address failed validation');

  it('classifies them as the server reports them', () => {
    expect(classifyError(unauthorized)).toBe('unauthorized');
    expect(classifyError(paid)).toBe('licenceExpired');
    expect(classifyError(trial)).toBe('licenceExpired');
    expect(classifyError(ip)).toBe('ipRejected');
    expect(classifyError(failure(403, 'access_denied', 'Access denied'))).toBe('other');
    expect(classifyError(new Error('x'))).toBe('other');
  });

  it('routes them, except where the user already is', () => {
    expect(routeForError(unauthorized, '/task/5/card')).toBe('/logout');
    expect(routeForError(unauthorized, '/login')).toBeNull();
    expect(routeForError(paid, '/task/5/card')).toBe('/BumsCommon/Error/licenseExpired.html');
    expect(routeForError(trial, '/settings/account/order/list')).toBeNull();
    expect(routeForError(paid, '/settings/account')).toBeNull();
    expect(routeForError(paid, '/settings/integrations/telephony')).toBeNull();
    expect(routeForError(paid, '/BumsCommon/Error/licenseExpired.html')).toBeNull();
    expect(routeForError(paid, '/settings/accounting')).toBe('/BumsCommon/Error/licenseExpired.html');
    expect(routeForError(ip, '/crm')).toBe('/login?backUrl=/');
    expect(routeForError(failure(422, 'required', 'x'), '/crm')).toBeNull();
  });
});

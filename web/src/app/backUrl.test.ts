import { describe, expect, it } from 'vitest';
import { isLocalPath, loginPath, safeBackUrl } from './backUrl';

describe('safeBackUrl', () => {
  it('keeps a local path with its query and hash', () => {
    expect(safeBackUrl('/crm/filter')).toBe('/crm/filter');
    expect(safeBackUrl('/task/filter/5?x=1#a')).toBe('/task/filter/5?x=1#a');
  });
  it('refuses other hosts, schemes and empty values', () => {
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 'crm', '', null, undefined]) {
      expect(safeBackUrl(bad)).toBe('/');
    }
  });
  it('refuses control characters', () => {
    expect(isLocalPath('/a\nb')).toBe(false);
    expect(isLocalPath('/a\tb')).toBe(false);
  });
  it('does not go back to the sign-in or sign-out page', () => {
    expect(safeBackUrl('/login')).toBe('/');
    expect(safeBackUrl('/login?backUrl=/x')).toBe('/');
    expect(safeBackUrl('/logout')).toBe('/');
    expect(safeBackUrl('/loginsettings')).toBe('/loginsettings');
  });
});

describe('loginPath', () => {
  it('encodes the back-address', () => {
    expect(loginPath('/crm/filter')).toBe('/login?backUrl=%2Fcrm%2Ffilter');
    expect(loginPath('/a?b=1&c=2')).toBe('/login?backUrl=%2Fa%3Fb%3D1%26c%3D2');
  });
});

import { describe, expect, it } from 'vitest';
import { cachedLanding, fallbackLanding, landingFromServer, LANDING_TTL_MS, rememberLanding } from './landing';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('landing cache', () => {
  it('returns a remembered address while fresh', () => {
    const s = memory();
    rememberLanding(s, 'k', '/crm/filter', 1000);
    expect(cachedLanding(s, 'k', 1000 + LANDING_TTL_MS - 1)).toBe('/crm/filter');
  });
  it('expires after 230400000 ms', () => {
    const s = memory();
    rememberLanding(s, 'k', '/crm/filter', 1000);
    expect(cachedLanding(s, 'k', 1000 + LANDING_TTL_MS)).toBeUndefined();
  });
  it('ignores a remembered workspaces root', () => {
    const s = memory();
    rememberLanding(s, 'k', '/workspaces', 1000);
    expect(cachedLanding(s, 'k', 1001)).toBeUndefined();
  });
  it('ignores garbage, foreign hosts and a clock gone backwards', () => {
    const s = memory();
    s.setItem('a', 'not json');
    s.setItem('b', JSON.stringify({ url: '//evil', at: 1 }));
    s.setItem('c', JSON.stringify({ url: '/x', at: 5000 }));
    expect(cachedLanding(s, 'a', 2)).toBeUndefined();
    expect(cachedLanding(s, 'b', 2)).toBeUndefined();
    expect(cachedLanding(s, 'c', 10)).toBeUndefined();
    expect(cachedLanding(s, 'missing', 10)).toBeUndefined();
  });
});

describe('fallbackLanding', () => {
  it('is the workspaces page when the desktop is replaced or disabled', () => {
    expect(fallbackLanding((n) => n === 'bums.common.workspaces_desktop')).toBe('/workspaces');
    expect(fallbackLanding((n) => n === 'bums.common.desktop_disable')).toBe('/workspaces');
  });
  it('is the new dashboard otherwise', () => {
    expect(fallbackLanding(() => false)).toBe('/newdashboard');
  });
});

describe('landingFromServer', () => {
  it('accepts a local path only', () => {
    expect(landingFromServer('/task/filter')).toBe('/task/filter');
    expect(landingFromServer('/')).toBeUndefined();
    expect(landingFromServer('https://x')).toBeUndefined();
    expect(landingFromServer(null)).toBeUndefined();
  });
});

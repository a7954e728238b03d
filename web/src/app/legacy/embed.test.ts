// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { escapeFrame } from './embed';

function fakeWindow(framed: boolean, address: string) {
  const top = { location: { href: '' } };
  const u = new URL(address, 'http://x');
  const self = { location: { pathname: u.pathname, search: u.search, hash: u.hash } } as unknown as Window & { top: unknown; self: unknown };
  (self as { top: unknown }).top = framed ? top : self;
  (self as { self: unknown }).self = self;
  return { win: self as Window, top };
}

describe('escapeFrame', () => {
  it('does nothing at the top level', () => {
    const { win } = fakeWindow(false, '/crm/filter');
    expect(escapeFrame(win)).toBe(false);
  });
  it('sends the parent to the plain address', () => {
    const { win, top } = fakeWindow(true, '/crm/filter?hideMainMenu=1&hideInformer=1&spa=1');
    expect(escapeFrame(win)).toBe(true);
    expect(top.location.href).toBe('/crm/filter');
  });
});

import { describe, expect, it } from 'vitest';
import { fromFrameUrl, toFrameUrl } from './frameUrl';

describe('frame addresses', () => {
  it('appends the flags, keeping query and hash', () => {
    expect(toFrameUrl('/api/v3/openapi.json')).toBe('/api/v3/openapi.json?hideMainMenu=1&hideInformer=1&spa=1');
    expect(toFrameUrl('/page?a=1#top')).toBe('/page?a=1&hideMainMenu=1&hideInformer=1&spa=1#top');
  });
  it('does not repeat flags already there', () => {
    expect(toFrameUrl('/p?spa=1')).toBe('/p?spa=1&hideMainMenu=1&hideInformer=1');
  });
  it('strips them back to the plain address', () => {
    expect(fromFrameUrl('/page?a=1&hideMainMenu=1&hideInformer=1&spa=1#top')).toBe('/page?a=1#top');
    expect(fromFrameUrl(toFrameUrl('/x'))).toBe('/x');
  });
});

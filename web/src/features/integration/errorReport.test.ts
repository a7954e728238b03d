import { describe, expect, it } from 'vitest';
import { shouldReport } from './errorReport';

describe('error reports', () => {
  it('sends each error once per page load, by message and stack top', () => {
    const a = { message: 'TypeError: x', stack: 'at f (a.js:1)\nat g (a.js:2)', url: '/task/1/card/' };
    expect(shouldReport(a)).toBe(true);
    expect(shouldReport({ ...a, url: '/deal/2/card/' })).toBe(false);
    expect(shouldReport({ ...a, stack: 'at h (b.js:9)' })).toBe(true);
    expect(shouldReport({ ...a, message: '' })).toBe(false);
  });
});

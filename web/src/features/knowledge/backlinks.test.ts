import { describe, expect, it } from 'vitest';
import { plain } from './Backlinks';

describe('a comment shown as a back-reference', () => {
  it('drops markup and spaces', () => expect(plain('<p>См. <a href="/knowledge/article/4">регламент</a></p>')).toBe('См. регламент'));
  it('is cut short', () => expect(plain('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`));
});

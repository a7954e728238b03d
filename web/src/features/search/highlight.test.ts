import { describe, expect, it } from 'vitest';
import { pieces } from './highlight';

describe('pieces', () => {
  it('splits marked words from the text and unescapes both', () => {
    expect(pieces('…Квартальные <mark>отчёты</mark> &amp; &lt;b&gt; <mark>A&amp;B</mark>')).toEqual([
      { text: '…Квартальные ', marked: false },
      { text: 'отчёты', marked: true },
      { text: ' & <b> ', marked: false },
      { text: 'A&B', marked: true },
    ]);
  });
  it('keeps text without marks whole', () => {
    expect(pieces('plain')).toEqual([{ text: 'plain', marked: false }]);
  });
});

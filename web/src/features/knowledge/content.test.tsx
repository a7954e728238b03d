import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArticleText, htmlToText, textToHtml } from './content';

describe('article text', () => {
  it('writes paragraphs and lists, escaped', () => {
    expect(textToHtml('Hello <b>\nworld\n\n- one\n- two')).toBe('<p>Hello &lt;b&gt;<br>world</p><ul><li>one</li><li>two</li></ul>');
  });
  it('writes links and images with safe addresses only', () => {
    expect(textToHtml('See [the rules](/knowledge/1/2) ![plan](https://x.org/p.png) [bad](javascript:x)')).toBe(
      '<p>See <a href="/knowledge/1/2">the rules</a> <img src="https://x.org/p.png" alt="plan"> [bad](javascript:x)</p>',
    );
  });
  it('reads back what it wrote', () => {
    const text = 'Hello\nworld [link](https://x.org/?a=1&b=2)\n\n- one ![i](/api/file/1)\n- two';
    expect(htmlToText(textToHtml(text))).toBe(text);
  });
  it('drops scripts, handlers and unsafe links', () => {
    const { container } = render(<ArticleText html={'<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:x">l</a></p>'} />);
    expect(container.innerHTML).toBe('<p>Hi<a rel="noopener noreferrer">l</a></p>');
  });
});

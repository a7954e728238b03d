import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArticleText, htmlToText, textToHtml } from './content';

describe('article text', () => {
  it('writes paragraphs and lists, escaped', () => {
    expect(textToHtml('Hello <b>\nworld\n\n- one\n- two')).toBe('<p>Hello &lt;b&gt;<br>world</p><ul><li>one</li><li>two</li></ul>');
  });
  it('reads back what it wrote', () => {
    const text = 'Hello\nworld\n\n- one\n- two';
    expect(htmlToText(textToHtml(text))).toBe(text);
  });
  it('drops scripts, handlers and unsafe links', () => {
    const { container } = render(<ArticleText html={'<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:x">l</a></p>'} />);
    expect(container.innerHTML).toBe('<p>Hi<a rel="noopener noreferrer">l</a></p>');
  });
});

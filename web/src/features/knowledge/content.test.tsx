// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArticleText } from './content';

describe('article text', () => {
  it('drops scripts, handlers and unsafe links', () => {
    const { container } = render(<ArticleText html={'<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:x">l</a></p>'} />);
    expect(container.innerHTML).toBe('<p>Hi<a rel="noopener noreferrer">l</a></p>');
  });
  it('shows what the rich-text editor writes', () => {
    const { container } = render(<ArticleText html={'<h2>Plan</h2><p><strong>a</strong> <em>b</em></p><ol><li>x</li></ol><img src="/api/v3/file/1/download" alt="p">'} />);
    expect(container.innerHTML).toBe('<h2>Plan</h2><p><strong>a</strong> <em>b</em></p><ol><li>x</li></ol><img alt="p" style="max-width: 100%;" src="/api/v3/file/1/download">');
  });
});

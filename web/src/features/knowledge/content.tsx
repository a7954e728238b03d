// An article's text. The server keeps HTML (the reference's content); the
// app has no rich-text editor yet, so an article is written as plain
// paragraphs ("- " starts a list item, [text](url) is a link, ![alt](url)
// an image) and saved as simple HTML; links and images in stored HTML
// come back in that form, so editing keeps them. Reading
// parses the HTML with DOMParser and rebuilds an allow-listed subset as
// React elements, so nothing from the stored text is ever inserted as
// markup (no scripts, no event attributes, no foreign styles).
import { Fragment, type ReactNode } from 'react';

const SAFE_URL = /^(https?:\/\/|\/(?!\/))/i;

/** inlineHtml escapes a line and turns its images and links into tags. */
function inlineHtml(line: string): string {
  return escape(line)
    .replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (m, alt: string, src: string) => (SAFE_URL.test(src) ? `<img src="${src}" alt="${alt}">` : m))
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (m, text: string, href: string) => (SAFE_URL.test(href) ? `<a href="${href}">${text}</a>` : m));
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** textToHtml: blank lines part paragraphs; lines starting "- " are list items. */
export function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((l) => l.trim().startsWith('- '))) {
        return `<ul>${lines.map((l) => `<li>${inlineHtml(l.trim().slice(2))}</li>`).join('')}</ul>`;
      }
      return `<p>${lines.map(inlineHtml).join('<br>')}</p>`;
    })
    .join('');
}

/** htmlToText is the editable text of stored HTML. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks: string[] = [];
  const inline = (n: Node): string => {
    if (n.nodeType === Node.TEXT_NODE) return n.textContent ?? '';
    const el = n as Element;
    if (el.tagName === 'BR') return '\n';
    if (el.tagName === 'IMG') return `![${el.getAttribute('alt') ?? ''}](${el.getAttribute('src') ?? ''})`;
    if (el.tagName === 'A' && el.getAttribute('href')) return `[${Array.from(n.childNodes).map(inline).join('')}](${el.getAttribute('href')})`;
    return Array.from(n.childNodes).map(inline).join('');
  };
  const block = (n: Node) => {
    const tag = (n as Element).tagName;
    if (tag === 'UL' || tag === 'OL') {
      blocks.push(Array.from((n as Element).children).map((li) => `- ${inline(li).trim()}`).join('\n'));
    } else if (n.nodeType === Node.TEXT_NODE && !(n.textContent ?? '').trim()) {
      return;
    } else {
      blocks.push(inline(n).trim());
    }
  };
  doc.body.childNodes.forEach(block);
  return blocks.filter(Boolean).join('\n\n');
}

const ALLOWED = new Set(['p', 'br', 'ul', 'ol', 'li', 'b', 'strong', 'i', 'em', 'u', 's', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'pre', 'code', 'a', 'img', 'hr']);
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template']);
const safeUrl = (u: string | null) => (u && (/^https?:\/\//i.test(u) || (u.startsWith('/') && !u.startsWith('//'))) ? u : undefined);

function render(n: Node, key: number): ReactNode {
  if (n.nodeType === Node.TEXT_NODE) return n.textContent;
  if (n.nodeType !== Node.ELEMENT_NODE) return null;
  const el = n as Element;
  const tag = el.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const kids = Array.from(el.childNodes).map(render);
  if (!ALLOWED.has(tag)) return <Fragment key={key}>{kids}</Fragment>;
  if (tag === 'a') return <a key={key} href={safeUrl(el.getAttribute('href'))} rel="noopener noreferrer">{kids}</a>;
  if (tag === 'img') return <img key={key} src={safeUrl(el.getAttribute('src'))} alt={el.getAttribute('alt') ?? ''} style={{ maxWidth: '100%' }} />;
  if (tag === 'br' || tag === 'hr') {
    const Void = tag;
    return <Void key={key} />;
  }
  const Tag = tag as 'p';
  return <Tag key={key}>{kids}</Tag>;
}

/** ArticleText shows stored HTML through the allow-list above. */
export function ArticleText({ html }: { html: string }) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return <>{Array.from(doc.body.childNodes).map(render)}</>;
}

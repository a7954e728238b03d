// An article's or a text document's HTML, as the rich-text editor writes
// it and the server keeps it cleaned (internal/richtext). Reading parses
// the HTML with DOMParser and rebuilds an allow-listed subset as React
// elements, so nothing from the stored text is ever inserted as markup
// (no scripts, no event attributes, no foreign styles).
import { Fragment, type ReactNode } from 'react';

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

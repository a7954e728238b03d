// Mentions in a message's text: @[the name shown](Employee:5), the token
// the server reads (internal/module/discuss) to notify who is named.
import type { Link } from '../../data/types';

const TOKEN = /@\[([^\]\n]{0,200})\]\((Employee|ContractorHuman):(\d{1,18})\)/g;

/** mentionToken writes a mention of someone under the name shown. */
export function mentionToken(name: string, who: Link): string {
  return `@[${name.replace(/[[\]\n]/g, ' ')}](${who.contentType}:${who.id})`;
}

export type Piece = { text: string } | { name: string; who: Link };

/** pieces splits a text into plain runs and mentions, for display. */
export function pieces(text: string): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index) });
    out.push({ name: m[1], who: { contentType: m[2], id: m[3] } });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

/**
 * mentionQuery is the word being typed after "@" at the caret, or null
 * when the caret is not in one: what the suggestions filter by.
 */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|\s)@([^\s@[\]()]{0,40})$/.exec(before);
  if (!m) return null;
  return { start: caret - m[2].length - 1, query: m[2] };
}

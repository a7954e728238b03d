// The server sends a matched fragment as HTML: the text escaped and the
// matched words in <mark>. It is split here into plain pieces rather than
// put into the page as HTML, so nothing the users typed becomes markup.
export type Piece = { text: string; marked: boolean };

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#34;': '"', '&#39;': "'" };

function unescape(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#34|#39);/g, (m) => ENTITIES[m] ?? m);
}

/** pieces splits a highlighted fragment into its plain and marked parts. */
export function pieces(fragment: string): Piece[] {
  const out: Piece[] = [];
  fragment.split(/(<mark>.*?<\/mark>)/).forEach((part) => {
    if (!part) return;
    const marked = part.startsWith('<mark>') && part.endsWith('</mark>');
    out.push({ text: unescape(marked ? part.slice(6, -7) : part), marked });
  });
  return out;
}

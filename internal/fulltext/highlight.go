package fulltext

import (
	"html"
	"strings"
)

// matches reports whether a word of text starts with one of terms, the
// way the index matched it (its normal form or its stem).
func matches(word string, terms []string) bool {
	w := normal(word)
	s := stem(w)
	for _, t := range terms {
		if strings.HasPrefix(w, t) || strings.HasPrefix(s, t) {
			return true
		}
	}
	return false
}

// Fragment is an excerpt of text around its first word that matches
// terms, as HTML: the text escaped, the matching words in <mark>, "…"
// where the excerpt cuts the text. width is about how many bytes of text
// it keeps. ok is false when no word matches.
func Fragment(text string, terms []string, width int) (fragment string, ok bool) {
	text = plain(text)
	spans := words(text)
	first := -1
	for i, sp := range spans {
		if matches(text[sp.start:sp.end], terms) {
			first = i
			break
		}
	}
	if first < 0 {
		return "", false
	}
	// Start a few words before the match, end at a word boundary near width.
	from := first
	for from > 0 && spans[first].start-spans[from-1].start < width/3 {
		from--
	}
	to := first
	for to+1 < len(spans) && spans[to+1].end-spans[from].start <= width {
		to++
	}
	start, end := spans[from].start, spans[to].end
	if from == 0 {
		start = 0
	}
	if to == len(spans)-1 {
		end = len(text)
	}
	var b strings.Builder
	if start > 0 {
		b.WriteString("…")
	}
	at := start
	for _, sp := range spans[from : to+1] {
		if !matches(text[sp.start:sp.end], terms) {
			continue
		}
		b.WriteString(html.EscapeString(text[at:sp.start]))
		b.WriteString("<mark>" + html.EscapeString(text[sp.start:sp.end]) + "</mark>")
		at = sp.end
	}
	b.WriteString(html.EscapeString(text[at:end]))
	if end < len(text) {
		b.WriteString("…")
	}
	return strings.Join(strings.Fields(b.String()), " "), true
}

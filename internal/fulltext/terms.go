// Package fulltext turns text into the terms the search index holds and a
// user's query into the terms it looks for, the same way for SQLite (FTS5)
// and PostgreSQL (GIN over a tsvector), so both databases find the same
// rows. Neither database stems here: Go does, once, with the Snowball
// Russian and English stemmers, and the databases only index and match
// plain space-separated words.
package fulltext

import (
	"strings"
	"unicode"

	"github.com/kljensen/snowball/english"
	"github.com/kljensen/snowball/russian"
)

// maxWordRunes caps a word: PostgreSQL ignores longer lexemes, and nobody
// searches for the middle of a 64-letter token.
const maxWordRunes = 64

// maxIndexBytes caps a row's index text well under PostgreSQL's 1 MB
// tsvector limit; a longer description is found by its first part.
const maxIndexBytes = 256 << 10

// span is one word of a text: its byte range in the original.
type span struct{ start, end int }

// words splits text into runs of letters and digits. Everything else is a
// separator, which is also what FTS5's unicode61 tokenizer and
// PostgreSQL's parser do with the terms we store, so all three agree on
// where a word ends.
func words(text string) []span {
	var out []span
	start := -1
	for i, r := range text {
		inWord := unicode.IsLetter(r) || unicode.IsNumber(r)
		switch {
		case inWord && start < 0:
			start = i
		case !inWord && start >= 0:
			out = append(out, span{start, i})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, span{start, len(text)})
	}
	return out
}

// normal is a word lower-cased with ё as е, cut to maxWordRunes.
func normal(word string) string {
	w := strings.ReplaceAll(strings.ToLower(word), "ё", "е")
	if r := []rune(w); len(r) > maxWordRunes {
		w = string(r[:maxWordRunes])
	}
	return w
}

// stem is the Snowball stem of a normal word: Russian for Cyrillic words,
// English for Latin ones; numbers and other scripts stay as they are.
func stem(w string) string {
	for _, r := range w {
		switch {
		case unicode.Is(unicode.Cyrillic, r):
			return normal(russian.Stem(w, false))
		case unicode.Is(unicode.Latin, r):
			return english.Stem(w, false)
		}
	}
	return w
}

// Index is the text stored for a row (its x_search column): every word in
// its normal form, followed by its stem where that differs. The word
// itself is kept so a half-typed word still finds it ("runni" is a prefix
// of "running", not of its stem "run"); repeats are kept, since how often
// a word occurs is what ranking weighs.
func Index(texts []string) string {
	var b strings.Builder
	add := func(term string) {
		if b.Len()+len(term) >= maxIndexBytes {
			return
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(term)
	}
	for _, text := range texts {
		for _, sp := range words(text) {
			w := normal(text[sp.start:sp.end])
			add(w)
			if s := stem(w); s != w {
				add(s)
			}
		}
	}
	return b.String()
}

// Query is the terms a search looks for, each as a prefix: the stem of
// every word typed, so "отчёты" looks for "отчет…" and finds "отчёт",
// "отчета" and "отчетность". No terms (only punctuation) finds nothing.
func Query(q string) []string {
	var out []string
	seen := map[string]bool{}
	for _, sp := range words(q) {
		s := stem(normal(q[sp.start:sp.end]))
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

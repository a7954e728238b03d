// Package richtext cleans the HTML of rich text (knowledge articles,
// text documents) before it is stored: what the editor writes (headings,
// emphasis, lists, quotes, code, links, images) stays; scripts, event
// attributes, styles and foreign URL schemes go, so a client that shows
// the stored HTML as it is cannot be made to run anything. It uses
// github.com/microcosm-cc/bluemonday's policy for user content.
package richtext

import (
	stdhtml "html"
	"strings"
	"sync"

	"github.com/microcosm-cc/bluemonday"
)

var policy = sync.OnceValue(func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.RequireNoReferrerOnLinks(true)
	return p
})

// Clean is html with only what rich text may hold.
func Clean(html string) string { return policy().Sanitize(html) }

var strict = sync.OnceValue(bluemonday.StrictPolicy)

// Plain is the text of html without its tags (each tag read as a space,
// so paragraphs do not run together), spaces collapsed, cut to
// at most n characters: a preview of rich text.
func Plain(html string, n int) string {
	text := strings.Join(strings.Fields(stdhtml.UnescapeString(strict().Sanitize(strings.ReplaceAll(html, "<", " <")))), " ")
	if r := []rune(text); len(r) > n {
		return string(r[:n])
	}
	return text
}

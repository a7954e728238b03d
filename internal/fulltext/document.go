package fulltext

import (
	"encoding/json"
	"html"
	"regexp"
	"sort"
	"strconv"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/value"
)

// Document is a row's x_search from its stored values of t.Search, or nil
// when it has no words. The engine calls it on every save, the bulk
// loaders and the reindexing migration on the rows they write.
func Document(t *catalog.Type, valueOf func(field string) any) any {
	var texts []string
	for _, name := range t.Search {
		texts = append(texts, FieldText(t.Field(name), valueOf(name))...)
	}
	if doc := Index(texts); doc != "" {
		return doc
	}
	return nil
}

// FieldText is the readable text of a stored value: a string without its
// markup, a number as digits, the strings inside a JSON value (contact
// entries) without their keys and type names.
func FieldText(f *catalog.Field, v any) []string {
	switch x := v.(type) {
	case []byte:
		return FieldText(f, string(x))
	case int64:
		return []string{strconv.FormatInt(x, 10)}
	case string:
		if _, ok := f.Kind.(value.JSON); ok {
			var doc any
			if json.Unmarshal([]byte(x), &doc) != nil {
				return nil
			}
			return jsonStrings(doc, nil)
		}
		return []string{plain(x)}
	}
	return nil
}

// jsonStrings gathers the string leaves of a JSON value, skipping the
// members that name a kind rather than hold the user's text.
func jsonStrings(v any, out []string) []string {
	switch x := v.(type) {
	case string:
		out = append(out, x)
	case []any:
		for _, it := range x {
			out = jsonStrings(it, out)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			if k != "contentType" && k != "type" && k != "id" {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys) // the same row gives the same text every save
		for _, k := range keys {
			out = jsonStrings(x[k], out)
		}
	}
	return out
}

var tag = regexp.MustCompile(`<[^>]*>`)

// plain drops HTML tags and entities that rich-text fields (comments,
// descriptions) carry, so "<b>" is not a word and "&laquo;" not "laquo".
func plain(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '<' || s[i] == '&' {
			return html.UnescapeString(tag.ReplaceAllString(s, " "))
		}
	}
	return s
}

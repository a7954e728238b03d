package search

import (
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/fulltext"
)

// fragmentWidth is about how much text around a match an item shows.
const fragmentWidth = 160

// maxFields bounds the highlighted fields of one item.
const maxFields = 3

// result is one SearchResult: the entity, its title, and each searched
// field that matched as a SearchFoundField whose value is HTML (the text
// escaped, the matched words in <mark>).
func result(rec *entity.Record, model any, terms []string, lang string) map[string]any {
	fields := []any{}
	for _, name := range rec.Type.Search {
		f := rec.Type.Field(name)
		for _, text := range fulltext.FieldText(f, rec.Values[name]) {
			fragment, ok := fulltext.Fragment(text, terms, fragmentWidth)
			if !ok || len(fields) == maxFields {
				continue
			}
			fields = append(fields, map[string]any{"contentType": "SearchFoundField",
				"hrName": f.Label.Pick(lang), "value": fragment})
		}
	}
	return map[string]any{"contentType": "SearchResult", "model": model, "title": title(rec), "fields": fields}
}

// title names the entity the way its card does: its name or title, a
// person's full name, else its number.
func title(rec *entity.Record) string {
	for _, f := range []string{"name", "title"} {
		if s := rec.String(f); s != "" {
			return s
		}
	}
	if s := strings.Join(strings.Fields(rec.String("lastName")+" "+rec.String("firstName")+" "+rec.String("middleName")), " "); s != "" {
		return s
	}
	return rec.String("number")
}

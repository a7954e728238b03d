package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// FuzzFilter feeds arbitrary filter JSON to a real list query: the answer
// is a page or an *entity.Invalid (422), never another error (500).
func FuzzFilter(f *testing.F) {
	for _, seed := range []string{
		`{"contentType":"FilterConfig","termGroup":{"join":"and","terms":[{"contentType":"FilterTermString","field":"name","comparison":"contains","value":"x"}]}}`,
		`{"contentType":"FilterTermGroup","join":"or","terms":[{"contentType":"FilterTermNumber","field":"kpiPlanned","comparison":"interval","value":{"from":1,"to":"9"}}]}`,
		`{"termGroup":{"terms":[{"contentType":"FilterTermDate","field":"timeCreated","value":{"contentType":"IntervalDates","from":{"contentType":"DateOnly","year":2026,"month":0,"day":1}}}]}}`,
		`{"termGroup":{"terms":[{"contentType":"FilterTermRef","field":"responsible","value":[{"contentType":"Employee","id":"1"}],"refine":{"join":"and","terms":[{"contentType":"FilterTermString","field":"lastName","value":"a"}]}}]}}`,
		`{"termGroup":{"terms":[{"contentType":"FilterTermEnum","field":"status","comparison":"not_equals","value":["assigned"]},{"contentType":"FilterTermBool","field":"isUrgent","value":true}]}}`,
		`{"contentType":"TaskFilter","id":"1"}`, `[]`, `null`, `{"termGroup":{"join":"xor"}}`,
	} {
		f.Add(seed)
	}
	db := Open(f, "sqlite")
	e := entity.New(db, cat, nil)
	sc := entity.Scope{Account: 1, System: true}
	if _, err := e.Create(context.Background(), sc, "Task", entity.Input{"name": json.RawMessage(`"seed"`)}); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, filter string) {
		_, err := e.List(context.Background(), sc, "Task", entity.ListQuery{Filter: json.RawMessage(filter), Limit: 5}, value.Options{})
		var inv *entity.Invalid
		if err != nil && !errors.As(err, &inv) {
			t.Fatalf("filter %q: %v", filter, err)
		}
	})
}

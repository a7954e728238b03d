package entity

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/value"
)

// bucketed is the buckets of a list whose only condition is one its kept
// counts answer (internal/access): a built-in filter that names them
// (SystemFilter.Buckets), sent as its link, or a filter whose one term is
// "the bucket field equals these" (a deal list's program), in any of the
// shapes filterSQL reads. Nil means the count is counted.
func (e *Engine) bucketed(t *catalog.Type, lq ListQuery) []string {
	if strings.TrimSpace(lq.Q) != "" || len(lq.Where) > 0 || len(lq.Filter) == 0 {
		return nil
	}
	var l struct {
		Type string `json:"contentType"`
		ID   string `json:"id"`
	}
	if json.Unmarshal(lq.Filter, &l) == nil && l.ID != "" {
		for _, f := range e.sysFilters[l.Type] {
			if f.ID == l.ID && e.Buckets[t.Name] != "" {
				return f.Buckets
			}
		}
		return nil
	}
	f := t.Field(e.Buckets[t.Name])
	if f == nil || f.Role != catalog.RoleLink || len(f.Targets) != 1 {
		return nil
	}
	return bucketTerm(f, lq.Filter, 0)
}

// bucketTerm reads a filter that is exactly one equals term on f.
func bucketTerm(f *catalog.Field, raw json.RawMessage, depth int) []string {
	raw = bytes.TrimSpace(raw)
	if depth > 2 || len(raw) == 0 {
		return nil
	}
	if raw[0] == '"' {
		var inner string
		if json.Unmarshal(raw, &inner) != nil {
			return nil
		}
		return bucketTerm(f, json.RawMessage(inner), depth+1)
	}
	var tm term
	if json.Unmarshal(raw, &tm) != nil {
		return nil
	}
	none := func(r json.RawMessage) bool { return len(r) == 0 || string(r) == "null" }
	switch {
	case tm.TermGroup != nil:
		return bucketGroup(f, tm.TermGroup.Terms, depth)
	case tm.ContentType == "FilterTermGroup" || (tm.ContentType == "" && tm.Terms != nil):
		return bucketGroup(f, tm.Terms, depth)
	case strings.HasSuffix(tm.ContentType, "Filter") && none(tm.ID):
		// An ad-hoc filter entity: its config, or a TradeFilter's program.
		switch {
		case none(tm.Program) || allPrograms(tm.Program):
			return bucketTerm(f, tm.Config, depth+1)
		case none(tm.Config) && f.Name == "program":
			return bucketLinks(f, tm.Program)
		}
	case tm.Field == f.Name && (tm.Comparison == "equals" || tm.Comparison == "") && tm.Refine == nil:
		return bucketLinks(f, tm.Value)
	}
	return nil
}

func bucketGroup(f *catalog.Field, terms []json.RawMessage, depth int) []string {
	if len(terms) != 1 {
		return nil
	}
	return bucketTerm(f, terms[0], depth+1)
}

// bucketLinks is the ids of a term's links to f's one target type; an
// empty list (which filters for an empty link) is not a bucket.
func bucketLinks(f *catalog.Field, raw json.RawMessage) []string {
	links, err := value.DecodeLinks(raw, f.Targets)
	if err != nil {
		l, err := value.DecodeLink(raw, f.Targets)
		if err != nil {
			return nil
		}
		links = []value.Link{l}
	}
	var out []string
	for _, l := range links {
		if l.Type != f.Targets[0] {
			return nil
		}
		out = append(out, strconv.FormatInt(l.ID, 10))
	}
	return out
}

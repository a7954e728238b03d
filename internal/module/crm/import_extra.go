package crm

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// more adds a row's tags and extra fields to a client's input. Extra
// fields are the client type's: a row that updates a client of the other
// type (found by phone or e-mail) leaves out the ones that type lacks.
func (r importRow) more(ctx context.Context, l *lookups, typ string, in entity.Input) error {
	if len(r.tags) > 0 {
		var tags []any
		seen := map[int64]bool{}
		for _, name := range r.tags {
			t, err := l.tag(ctx, name)
			if err != nil {
				return err
			}
			if !seen[t.ID] {
				seen[t.ID] = true
				tags = append(tags, value.EncodeLink(t))
			}
		}
		in["tags"], _ = json.Marshal(tags)
	}
	extras, err := l.extraFields(ctx, typ)
	if err != nil {
		return err
	}
	for name, text := range r.values {
		if x := extras[name]; x != nil {
			in[name] = ExtraInput(x, text)
		}
	}
	return nil
}

// ruDate is a date as Russian spreadsheets write it, 31.12.2025.
var ruDate = regexp.MustCompile(`^(\d{1,2})\.(\d{1,2})\.(\d{4})$`)

// ExtraInput is a cell (or a lead form post's value) as an extra
// field's value: its text form, which every value kind reads (a wrong
// one is refused by the engine and so reported for the row or the post),
// a DD.MM.YYYY date read as the date it is, and a multiple choice split
// by commas or semicolons.
func ExtraInput(x *entity.ExtraField, text string) json.RawMessage {
	switch {
	case x.Kind == "EnumField" && x.Multiple:
		b, _ := json.Marshal(splitList(text))
		return b
	case x.Kind == "DateField":
		if m := ruDate.FindStringSubmatch(text); m != nil {
			text = m[3] + "-" + pad2(m[2]) + "-" + pad2(m[1])
		}
	case x.Kind == "BoolField":
		switch strings.ToLower(text) {
		case "да", "yes", "+":
			return json.RawMessage("true")
		case "нет", "no", "-":
			return json.RawMessage("false")
		}
	}
	return jsonText(text)
}

func pad2(s string) string {
	if len(s) == 1 {
		return "0" + s
	}
	return s
}

// tag finds a tag by name (case aside) or makes it; a tag made for a
// refused row goes back with the row's transaction (Imports.saveRow).
func (l *lookups) tag(ctx context.Context, name string) (value.Link, error) {
	key := "Tag\x00" + strings.ToLower(name)
	if got, ok := l.found[key]; ok {
		return got, nil
	}
	t := l.e.Cat.Type("Tag")
	cond := entity.Condition{SQL: l.e.DB.Dialect.Lower(t.Table+"."+t.Field("name").Column) + " = ?", Args: []any{strings.ToLower(name)}}
	page, err := l.e.List(ctx, l.sc, "Tag", entity.ListQuery{Limit: 1, Where: []entity.Condition{cond}, Fields: []string{"id"}}, value.Options{})
	if err != nil {
		return value.Link{}, err
	}
	var got value.Link
	if len(page.Records) > 0 {
		got = page.Records[0].Link()
	} else {
		rec, err := l.e.Create(ctx, l.sc, "Tag", entity.Input{"name": jsonText(name)})
		if err != nil {
			return value.Link{}, err
		}
		got = rec.Link()
	}
	l.found[key] = got
	return got, nil
}

// extraFields are a client type's extra fields by name, read once a job.
func (l *lookups) extraFields(ctx context.Context, typ string) (map[string]*entity.ExtraField, error) {
	if got, ok := l.extras[typ]; ok {
		return got, nil
	}
	list, err := l.e.ExtraFields(ctx, l.sc, typ)
	if err != nil {
		return nil, err
	}
	byName := map[string]*entity.ExtraField{}
	for _, x := range list {
		byName[x.Name] = x
	}
	if l.extras == nil {
		l.extras = map[string]map[string]*entity.ExtraField{}
	}
	l.extras[typ] = byName
	return byName, nil
}

// keepTags: a client updated by a row keeps its tags and gains the row's.
func keepTags(ctx context.Context, e *entity.Engine, sc entity.Scope, found *entity.Record, in entity.Input) error {
	raw, ok := in["tags"]
	if !ok {
		return nil
	}
	if err := e.Expand(ctx, sc, []*entity.Record{found}, entity.Selection{Fields: []string{"tags"}, Only: true}); err != nil {
		return err
	}
	var added []map[string]any
	_ = json.Unmarshal(raw, &added)
	tags := []any{}
	seen := map[string]bool{}
	for _, l := range found.Many["tags"] {
		seen[idText(l.ID)] = true
		tags = append(tags, value.EncodeLink(l))
	}
	for _, t := range added {
		if id, _ := t["id"].(string); !seen[id] {
			seen[id] = true
			tags = append(tags, t)
		}
	}
	in["tags"], _ = json.Marshal(tags)
	return nil
}

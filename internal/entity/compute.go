package entity

import (
	"context"
)

// Computer fills derived fields of one content type for the reader
// (unread markers, likes, presence): fields with no column whose value
// depends on who asks. Fill gets every record of one read at once, so a
// module answers a page with one query, not one per record.
type Computer struct {
	Fields []string
	// InLists fills the fields in lists without being asked; otherwise a
	// list names them in fields (a single read always gets them), which
	// keeps a list page's cost where the list needs it.
	InLists bool
	Fill    func(ctx context.Context, sc Scope, recs []*Record, want map[string]bool) error
}

// Compute registers a computer for a content type.
func (e *Engine) Compute(typeName string, c Computer) {
	e.computers[typeName] = append(e.computers[typeName], c)
}

// compute runs the type's computers for the fields the selection wants:
// the requested ones, or all of them on a single read (and in lists, for
// computers that say so) unless only named fields were asked.
func (e *Engine) compute(ctx context.Context, sc Scope, recs []*Record, sel Selection) error {
	for _, c := range e.computers[recs[0].Type.Name] {
		want := map[string]bool{}
		for _, f := range c.Fields {
			if sel.requested(f) || !sel.Only && (sel.Full || c.InLists) {
				want[f] = true
			}
		}
		if len(want) == 0 {
			continue
		}
		if err := c.Fill(ctx, sc, recs, want); err != nil {
			return err
		}
	}
	return nil
}

// SetComputed stores a derived value on a record for encoding.
func (r *Record) SetComputed(name string, v any) {
	if r.Computed == nil {
		r.Computed = map[string]any{}
	}
	r.Computed[name] = v
}

package entity

import (
	"context"

	"github.com/artel/artel/internal/catalog"
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
	// Counts are ...Count fields the computer answers (in Record.Counts)
	// along with its own, from the query it makes anyway, in place of
	// the engine's grouped count. The engine hands one over only when the
	// reader sees every counted entity of a record it sees (entity.Through,
	// or no rights on the counted type), so the figure is the same.
	Counts []string
	Fill   func(ctx context.Context, sc Scope, recs []*Record, want map[string]bool) error
}

// Compute registers a computer for a content type.
func (e *Engine) Compute(typeName string, c Computer) {
	e.computers[typeName] = append(e.computers[typeName], c)
}

// compute runs the type's computers for the fields the selection wants:
// the requested ones, or all of them on a single read (and in lists, for
// computers that say so) unless only named fields were asked.
func (e *Engine) compute(ctx context.Context, sc Scope, recs []*Record, sel Selection, counted map[string]bool) error {
	for _, c := range e.computers[recs[0].Type.Name] {
		want := map[string]bool{}
		for _, f := range c.Fields {
			if sel.requested(f) || !sel.Only && (sel.Full || c.InLists) {
				want[f] = true
			}
		}
		for _, f := range c.Counts {
			if counted[f] {
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

// handOver takes from counts the fields a computer of the records' type
// answers and may answer for this reader, and returns them.
func (e *Engine) handOver(ctx context.Context, sc Scope, t *catalog.Type, counts []*catalog.Field) ([]*catalog.Field, map[string]bool, error) {
	answered := map[string]bool{}
	for _, c := range e.computers[t.Name] {
		for _, name := range c.Counts {
			answered[name] = true
		}
	}
	if len(answered) == 0 {
		return counts, nil, nil
	}
	var keep []*catalog.Field
	handed := map[string]bool{}
	for _, f := range counts {
		coll := t.Field(f.CountOf)
		if answered[f.Name] && coll.Role == catalog.RoleReverse {
			rt := e.Cat.Type(coll.Reverse.Type)
			whole := e.seenThrough(sc, rt) == coll.Reverse.Field
			if !whole {
				cond, err := e.visible(ctx, sc, rt)
				if err != nil {
					return nil, nil, err
				}
				whole = cond == nil
			}
			if whole {
				handed[f.Name] = true
				continue
			}
		}
		keep = append(keep, f)
	}
	return keep, handed, nil
}

// SetCount stores a ...Count figure a computer answered.
func (r *Record) SetCount(name string, n int64) {
	if r.Counts == nil {
		r.Counts = map[string]int64{}
	}
	r.Counts[name] = n
}

// SetComputed stores a derived value on a record for encoding.
func (r *Record) SetComputed(name string, v any) {
	if r.Computed == nil {
		r.Computed = map[string]any{}
	}
	r.Computed[name] = v
}

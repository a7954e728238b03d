package history

import (
	"sort"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// A collection's change is journalled as the reference's FieldChange
// describes it for arrays: not the whole list before and after, but up to
// two rows, one with the removed links as oldValue (newValue null) and one
// with the added links as newValue (oldValue null). A save that only
// reorders a collection changed nothing a reader cares about.

// changedLinks compares the collections a save replaced with what they
// held before it, field by field in a stable order; the removal row comes
// first, so the journal read newest first says "added …, removed …".
func (j *Journal) changedLinks(c *entity.Change, before map[string][]value.Link) []Entry {
	names := make([]string, 0, len(c.Many))
	for name := range c.Many {
		if f := c.Type.Field(name); f != nil && f.Role == catalog.RoleLinks && !j.skips(c, name) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	var out []Entry
	for _, name := range names {
		added, removed := linkDiff(before[name], c.Many[name])
		if len(removed) > 0 {
			out = append(out, Entry{Field: name, Old: jsonOrNil(encodeLinks(removed))})
		}
		if len(added) > 0 {
			out = append(out, Entry{Field: name, New: jsonOrNil(encodeLinks(added))})
		}
	}
	return out
}

// linkDiff answers the links of now missing from old (in now's order) and
// those of old missing from now (in old's order).
func linkDiff(old, now []value.Link) (added, removed []value.Link) {
	had := make(map[value.Link]bool, len(old))
	for _, l := range old {
		had[l] = true
	}
	has := make(map[value.Link]bool, len(now))
	for _, l := range now {
		if !had[l] && !has[l] {
			added = append(added, l)
		}
		has[l] = true
	}
	for _, l := range old {
		if !has[l] {
			removed = append(removed, l)
			has[l] = true // a duplicate in old is removed once
		}
	}
	return added, removed
}

func encodeLinks(ls []value.Link) []any {
	out := make([]any, len(ls))
	for i, l := range ls {
		out[i] = value.EncodeLink(l)
	}
	return out
}

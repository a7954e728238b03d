package history

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Sections are the reference's HistoryFilterSection names. The feed holds
// History (the journal's changesets) and Comment (the comments); Employee
// picks their authors. Calls, mail and messengers are no part of a card's
// feed here: a section of theirs is kept in a saved filter and selects
// nothing.
var Sections = []string{"Comment", "History", "Employee", "RawCalls", "Email", "Telegram", "MaxMessenger", "Whatsapp"}

// Section is a HistoryFilterSection.
type Section struct {
	Name        string   `json:"name"`
	Type        string   `json:"type"`
	AllSelected bool     `json:"allSelected"`
	Values      []string `json:"values"`
}

// Filter is a HistoryFilter.
type Filter struct {
	Sections []Section `json:"sections"`
}

// DefaultFilter shows everything.
func DefaultFilter() Filter {
	return Filter{Sections: []Section{
		{Name: "History", Type: "checkbox", AllSelected: true, Values: []string{}},
		{Name: "Comment", Type: "checkbox", AllSelected: true, Values: []string{}},
		{Name: "Employee", Type: "select", AllSelected: true, Values: []string{}},
	}}
}

// ParseFilter reads a HistoryFilter; a section of no known name or type,
// or an Employee value that is no employee id, is 422 on its field.
func ParseFilter(raw json.RawMessage) (Filter, error) {
	var f Filter
	if err := json.Unmarshal(raw, &f); err != nil {
		return f, entity.Invalidf("filter", entity.CodeBadParam, "")
	}
	for i, s := range f.Sections {
		at := fmt.Sprintf("sections.%d", i)
		switch {
		case !slices.Contains(Sections, s.Name):
			return f, entity.Invalidf(at+".name", entity.CodeBadParam, "")
		case s.Type != "" && s.Type != "select" && s.Type != "checkbox":
			return f, entity.Invalidf(at+".type", entity.CodeBadParam, "")
		}
		if s.Values == nil {
			f.Sections[i].Values = []string{}
		}
		if s.Name == "Employee" {
			for _, v := range s.Values {
				if _, err := strconv.ParseInt(v, 10, 64); err != nil {
					return f, entity.Invalidf(at+".values", entity.CodeBadParam, "")
				}
			}
		}
	}
	return f, nil
}

// on reports whether the filter shows a section: yes unless it names it
// with nothing selected.
func (f Filter) on(name string) bool {
	for _, s := range f.Sections {
		if s.Name == name {
			return s.AllSelected || len(s.Values) > 0
		}
	}
	return true
}

// Apply sets what a feed query holds from the filter.
func (f Filter) Apply(fq *FeedQuery) {
	fq.Changes, fq.Comments = f.on("History"), f.on("Comment")
	for _, s := range f.Sections {
		if s.Name == "Employee" && !s.AllSelected {
			fq.Authors = []value.Link{}
			for _, v := range s.Values {
				id, _ := strconv.ParseInt(v, 10, 64)
				fq.Authors = append(fq.Authors, value.Link{Type: "Employee", ID: id})
			}
		}
	}
}

// ApplyNames sets what a feed query holds from /history/search's filters:
// the names of the sections shown, none meaning all.
func ApplyNames(names []string, fq *FeedQuery) error {
	for i, n := range names {
		if !slices.Contains(Sections, n) {
			return entity.Invalidf(fmt.Sprintf("filters.%d", i), entity.CodeBadParam, "")
		}
	}
	fq.Changes = len(names) == 0 || slices.Contains(names, "History")
	fq.Comments = len(names) == 0 || slices.Contains(names, "Comment")
	return nil
}

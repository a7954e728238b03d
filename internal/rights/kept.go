package rights

import (
	"github.com/artel/artel/internal/access"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/reportkeep"
)

// Kept lists the types whose visibility is their member fields alone,
// with where those fields are stored: internal/access keeps, for each,
// who each entity's members are, so a member's list reads one index
// range instead of the members condition (Visible attaches it).
func Kept(cat *catalog.Catalog) []access.Spec {
	var out []access.Spec
	for _, name := range cat.Names() {
		r := ruleFor(name)
		if len(r.Members) == 0 || r.Via != "" || r.Through != nil || r.Listed != nil {
			continue
		}
		t := cat.Type(name)
		s := access.Spec{Type: t.Name, Table: t.Table}
		if f := t.Field(Buckets[name]); f != nil {
			s.Bucket = f.Column
			if f.Role == catalog.RoleLink {
				s.Bucket += "_i" // a link of one target type: its id alone
			}
		}
		if name == "Task" {
			// Each row carries the task's line of the effectiveness
			// report, so an employee's report reads their range alone.
			s.Line = reportkeep.NamesOf(cat).TaskLine()
		}
		for _, fname := range r.Members {
			f := t.Field(fname)
			switch {
			case f == nil:
			case f.Role == catalog.RoleLink:
				s.Columns = append(s.Columns, f.Column)
			case f.Role == catalog.RoleLinks:
				s.Links = append(s.Links, f.Name)
			}
		}
		out = append(out, s)
	}
	return out
}

// Buckets are the fields the lists of a kept type are split by: a task's
// status and a client's isDropped (the built-in filters,
// entity.SystemFilter.Buckets), a deal's program (every deal list is one
// program's). Counts are kept per value of each (entity.Engine.Buckets).
// A link field here has one target type.
var Buckets = map[string]string{"Task": "status", "Deal": "program",
	"ContractorHuman": "isDropped", "ContractorCompany": "isDropped"}

// kept is the reader whose entity_access range holds exactly what
// members(sc, t, r.Members) admits: internal/access gives the members of
// a Group named in a role rows of their own, so the person alone.
func kept(sc entity.Scope) *entity.Kept {
	return &entity.Kept{Reader: sc.Actor}
}

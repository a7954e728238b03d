package deal

import (
	"context"

	"github.com/artel/artel/internal/entity"
)

// Programme roles (the reference's ProgramRole) are who a deal names in
// its person fields: the manager, the auditors (several) and the author.
// They are the same for every program, read-only, and named by their
// field in a ProgramRole link ({"contentType":"ProgramRole","id":"manager"}):
// a transition's and a button trigger's allowed, and CurrentUserRule,
// give a role to whoever holds the field, in person or through a Group.
type role struct {
	id       string
	name     Word
	multiple bool
}

var roles = []role{
	{"manager", Word{"Менеджер", "Manager"}, false},
	{"auditors", Word{"Аудиторы", "Auditors"}, true},
	{"userCreated", Word{"Автор", "Author"}, false},
}

// holders are who may hold a role: the person fields' types.
var holders = []string{"Employee", "ContractorHuman", "Group"}

// encodeRoles is Program.roles in the reader's language.
func (m *Module) encodeRoles(lang string) []any {
	out := make([]any, len(roles))
	for i, r := range roles {
		name := r.name[0]
		if lang == "en" {
			name = r.name[1]
		}
		field := "RefLinkField"
		if r.multiple {
			field = "RefSetField"
		}
		out[i] = map[string]any{"contentType": "ProgramRole", "id": r.id, "name": name, "isMultiple": r.multiple,
			"linkedField":       map[string]any{"contentType": field, "name": r.id, "hrName": name, "isMultiple": r.multiple},
			"valueContentTypes": holders}
	}
	return out
}

// fillRoles is the computed Program.roles and rolesCount.
func (m *Module) fillRoles(_ context.Context, sc entity.Scope, recs []*entity.Record, want map[string]bool) error {
	items := m.encodeRoles(sc.Lang)
	for _, rec := range recs {
		if want["roles"] {
			rec.SetComputed("roles", items)
		}
		if want["rolesCount"] {
			rec.SetComputed("rolesCount", len(items))
		}
	}
	return nil
}

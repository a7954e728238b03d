package rights

import (
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
)

// Role is a level of access an area gives per employee, department or
// group (a knowledge base, a document folder), weakest first: nobody sees
// nothing, a reader reads, an editor writes, an owner also gives roles.
type Role int

// The roles, in order of strength.
const (
	Nobody Role = iota
	Reader
	Editor
	Owner
)

var roleNames = []string{"nobody", "reader", "editor", "owner"}

func (r Role) String() string { return roleNames[r] }

// ParseRole reads a role's name, nobody included.
func ParseRole(s string) (Role, bool) {
	for i, n := range roleNames {
		if n == s {
			return Role(i), true
		}
	}
	return Nobody, false
}

// Holder is the SQL test that a row of an area's role table (alias, with
// subject_type and subject_id) names the reader: themselves, their
// department, or a group they are in.
func Holder(sc entity.Scope, alias string) (string, []any) {
	sql := "(" + alias + ".subject_type = 'Employee' AND " + alias + ".subject_id = ?) OR (" + alias +
		".subject_type = 'Department' AND " + alias + ".subject_id IN " +
		"(SELECT e.c_department_i FROM e_employee e WHERE e.account_id = ? AND e.id = ? AND e.c_department_t = 'Department'))"
	args := []any{sc.Actor.ID, sc.Account, sc.Actor.ID}
	if len(sc.Groups) > 0 {
		sql += " OR (" + alias + ".subject_type = 'Group' AND " + alias + ".subject_id IN (" + store.Marks(len(sc.Groups)) + "))"
		for _, g := range sc.Groups {
			args = append(args, g)
		}
	}
	return "(" + sql + ")", args
}

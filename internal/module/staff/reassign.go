// Package staff holds the rules of the staff area that go beyond the
// generic engine: what moves to a replacement when an employee is fired.
package staff

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// A dismissed employee's roles move to a replacement. Which fields are
// roles is decided by name, over the whole catalogue, so a type added later
// with a responsible or owner is covered without a change here:
//
//   - single links named responsible, owner or manager (Task, Project,
//     Deal, Todo, Milestone, Consignment, CustomLeadForm, every *Filter);
//   - collections named responsibles, executors, auditors, editors or
//     readers (clients' responsibles, task and project co-executors and
//     auditors, deal auditors, report editors and readers);
//   - DocRights.user (document access);
//   - people named in a business process's rules (reassign_rules.go).
//
// Left alone: history (userCreated, userUpdated, Comment.owner, a deadline
// request's owner), personal things (Topic.owner of a private dialogue, a
// MenuItem, a Tag) and the employee's own card.
var (
	roleLinks       = map[string]bool{"responsible": true, "owner": true, "manager": true}
	roleCollections = map[string]bool{"responsibles": true, "executors": true, "auditors": true, "editors": true, "readers": true}
	extraRoles      = map[string]bool{"DocRights.user": true}
	peopleNotRoles  = map[string]bool{"Comment": true, "DeadlineChangeRequest": true, "Topic": true,
		"MenuItem": true, "Tag": true, "Notification": true, "Employee": true}
)

// RoleUse is one entity where the employee holds roles.
type RoleUse struct {
	Type  *catalog.Type
	ID    int64
	Links []string // single-link fields naming the employee
	Many  []string // collections holding the employee
	// Invited is true for a to-do the employee is invited to: invitees
	// live in todo_attendees (internal/module/todo), not in links.
	Invited bool
	// Rules are JSON rule fields naming the employee (reassign_rules.go).
	Rules []string
}

// Fields lists the role fields of a use as "Type.field", the keys of
// prepareFire's roles and of a dismissal report.
func (u *RoleUse) Fields() []string {
	var out []string
	for _, f := range append(append(append([]string{}, u.Links...), u.Many...), u.Rules...) {
		out = append(out, u.Type.Name+"."+f)
	}
	if u.Invited {
		out = append(out, u.Type.Name+".participants")
	}
	return out
}

func isRoleLink(t *catalog.Type, f *catalog.Field) bool {
	return f.Role == catalog.RoleLink && (roleLinks[f.Name] || extraRoles[t.Name+"."+f.Name]) &&
		slices.Contains(f.Targets, "Employee")
}

func isRoleCollection(t *catalog.Type, f *catalog.Field) bool {
	return f != nil && f.Role == catalog.RoleLinks && roleCollections[f.Name] && slices.Contains(f.Targets, "Employee")
}

// Roles finds every entity where who holds a role, in a stable order.
func Roles(ctx context.Context, e *entity.Engine, sc entity.Scope, who value.Link) ([]*RoleUse, error) {
	uses := map[string]map[int64]*RoleUse{}
	use := func(t *catalog.Type, id int64) *RoleUse {
		if uses[t.Name] == nil {
			uses[t.Name] = map[int64]*RoleUse{}
		}
		u := uses[t.Name][id]
		if u == nil {
			u = &RoleUse{Type: t, ID: id}
			uses[t.Name][id] = u
		}
		return u
	}
	q := e.DB.Q(ctx)
	for _, name := range e.Cat.Names() {
		t := e.Cat.Type(name)
		if peopleNotRoles[name] {
			continue
		}
		for _, f := range t.Fields {
			if !isRoleLink(t, f) {
				continue
			}
			rows, err := q.QueryContext(ctx, e.DB.Dialect.Rebind(fmt.Sprintf(
				"SELECT id FROM %s WHERE account_id = ? AND %s_t = ? AND %s_i = ?", t.Table, f.Column, f.Column)),
				sc.Account, who.Type, who.ID)
			if err != nil {
				return nil, fmt.Errorf("api: roles in %s.%s: %w", name, f.Name, err)
			}
			ids, err := store.Int64s(rows)
			if err != nil {
				return nil, err
			}
			for _, id := range ids {
				u := use(t, id)
				u.Links = append(u.Links, f.Name)
			}
		}
	}
	rows, err := q.QueryContext(ctx, e.DB.Dialect.Rebind(`SELECT src_type, src_id, field FROM links
		WHERE account_id = ? AND dst_type = ? AND dst_id = ?`), sc.Account, who.Type, who.ID)
	if err != nil {
		return nil, fmt.Errorf("api: role collections: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var typ, field string
		var id int64
		if err := rows.Scan(&typ, &id, &field); err != nil {
			return nil, err
		}
		t := e.Cat.Type(typ)
		if t == nil || peopleNotRoles[typ] || !isRoleCollection(t, t.Field(field)) {
			continue
		}
		u := use(t, id)
		u.Many = append(u.Many, field)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := ruleRoles(ctx, e, sc, who, func(typ string, id int64) *RoleUse { return use(e.Cat.Type(typ), id) }); err != nil {
		return nil, err
	}
	if t := e.Cat.Type("Todo"); t != nil {
		rows, err := q.QueryContext(ctx, e.DB.Dialect.Rebind(`SELECT todo_id FROM todo_attendees
			WHERE account_id = ? AND role = 'participant' AND subject_type = ? AND subject_id = ?`), sc.Account, who.Type, who.ID)
		if err != nil {
			return nil, fmt.Errorf("api: to-do invitations: %w", err)
		}
		ids, err := store.Int64s(rows)
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			use(t, id).Invited = true
		}
	}
	var out []*RoleUse
	for _, byID := range uses {
		for _, u := range byID {
			sort.Strings(u.Links)
			sort.Strings(u.Many)
			out = append(out, u)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Type.Name != out[j].Type.Name {
			return out[i].Type.Name < out[j].Type.Name
		}
		return out[i].ID < out[j].ID
	})
	return out, nil
}

// Reassign moves every role of from to to, one engine save per
// entity, so hooks run and each entity gets one "updated" event after the
// commit. It must run inside the dismissal's transaction.
func Reassign(ctx context.Context, e *entity.Engine, sc entity.Scope, from, to value.Link) error {
	uses, err := Roles(ctx, e, sc, from)
	if err != nil {
		return err
	}
	for _, u := range uses {
		if err := ReassignOne(ctx, e, sc, u, from, to); err != nil {
			return err
		}
	}
	return nil
}

// ReassignOne moves the roles of one entity with a single engine save:
// the whole entity moves or, on error, none of it.
func ReassignOne(ctx context.Context, e *entity.Engine, sc entity.Scope, u *RoleUse, from, to value.Link) error {
	old, err := e.Get(ctx, sc, u.Type.Name, u.ID)
	if err != nil {
		return err
	}
	ch := entity.NewChange(sc, u.Type, old)
	for _, f := range u.Links {
		repl := to
		ch.Links[f] = &repl
	}
	for _, f := range u.Many {
		items, err := collection(ctx, e, u.Type.Name, u.ID, f)
		if err != nil {
			return err
		}
		ch.Many[f] = swap(items, from, to)
	}
	for _, f := range u.Rules {
		rule, _ := old.Values[f].(string)
		if swapped, named := swapInRule(rule, from, to); named {
			ch.Values[f] = swapped
		}
	}
	if u.Invited {
		raw, err := invitees(ctx, e, sc.Account, u.ID, from, to)
		if err != nil {
			return err
		}
		ch.Held["participants"] = raw
	}
	if _, err := e.Save(ctx, ch); err != nil {
		return fmt.Errorf("api: reassign %s %d: %w", u.Type.Name, u.ID, err)
	}
	return nil
}

// invitees is a to-do's invitee list with to in from's place, written
// back as the participants field; the to-do's rules keep the others'
// answers and ask the newcomer.
func invitees(ctx context.Context, e *entity.Engine, account, todo int64, from, to value.Link) (json.RawMessage, error) {
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(`SELECT subject_type, subject_id FROM todo_attendees
		WHERE account_id = ? AND todo_id = ? AND role = 'participant' ORDER BY pos`), account, todo)
	if err != nil {
		return nil, fmt.Errorf("api: invitees of %d: %w", todo, err)
	}
	items, err := store.Links(rows)
	if err != nil {
		return nil, err
	}
	out := []map[string]any{}
	for _, l := range swap(items, from, to) {
		out = append(out, map[string]any{"contentType": l.Type, "id": strconv.FormatInt(l.ID, 10)})
	}
	return json.Marshal(out)
}

// collection reads a many-to-many collection in its order.
func collection(ctx context.Context, e *entity.Engine, typ string, id int64, field string) ([]value.Link, error) {
	rows, err := e.DB.Q(ctx).QueryContext(ctx, e.DB.Dialect.Rebind(`SELECT dst_type, dst_id FROM links
		WHERE src_type = ? AND src_id = ? AND field = ? ORDER BY pos`), typ, id, field)
	if err != nil {
		return nil, err
	}
	return store.Links(rows)
}

// swap puts to in from's place, once: if to is already there, from
// just leaves.
func swap(items []value.Link, from, to value.Link) []value.Link {
	out := make([]value.Link, 0, len(items))
	seen := false
	for _, l := range items {
		if l == from {
			l = to
		}
		if l == to {
			if seen {
				continue
			}
			seen = true
		}
		out = append(out, l)
	}
	return out
}

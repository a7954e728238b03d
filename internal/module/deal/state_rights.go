package deal

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Rights per state are three ProgramState fields (Artel's; the reference
// gives states no rights): editRoles (programme roles) and editors
// (Employees, Departments, Groups) say who may change a deal while it is
// in the state, none of either meaning whoever may change the deal
// anyway; readOnlyFields are fields nobody but an administrator changes
// there. They narrow plain edits only: transitions and button triggers
// keep their own allowed and conditions, and the rules' own saves
// (transitions, triggers, repricing) pass. See docs/deal.md.
type stateRights struct {
	Roles    []string
	Editors  []value.Link
	ReadOnly []string
}

// restricts tells whether the state names who may change its deals.
func (r *stateRights) restricts() bool { return len(r.Roles) > 0 || len(r.Editors) > 0 }

// Error types of rights per state.
const (
	CodeStateEdit     = "state_edit_denied"
	CodeStateReadOnly = "state_field_read_only"
	CodeStateRights   = "bad_state_rights"
)

// lockedFields are the deal fields a state may not make read-only: the
// rules alone write them.
var lockedFields = []string{"state", "program"}

// loadStateRights reads the rights of some states in two queries.
func (m *Module) loadStateRights(ctx context.Context, account int64, states []int64) (map[int64]*stateRights, error) {
	out := map[int64]*stateRights{}
	if len(states) == 0 {
		return out, nil
	}
	args := []any{account}
	for _, id := range states {
		args = append(args, id)
	}
	q := m.e.DB.Q(ctx)
	rows, err := q.QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id, c_editroles, c_readonlyfields FROM e_programstate
		WHERE account_id = ? AND id IN (`+store.Marks(len(states))+`)`), args...)
	if err != nil {
		return nil, fmt.Errorf("deal: state rights: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var roles, ro sql.NullString
		if err := rows.Scan(&id, &roles, &ro); err != nil {
			return nil, fmt.Errorf("deal: state rights: %w", err)
		}
		r := &stateRights{}
		// Both are checked when saved (beforeState); a list that no
		// longer parses restricts nothing.
		_ = json.Unmarshal([]byte(orEmpty(roles.String)), &r.Roles)
		_ = json.Unmarshal([]byte(orEmpty(ro.String)), &r.ReadOnly)
		out[id] = r
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("deal: state rights: %w", err)
	}
	links, err := q.QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT src_id, dst_type, dst_id FROM links
		WHERE account_id = ? AND src_type = 'ProgramState' AND field = 'editors' AND src_id IN (`+store.Marks(len(states))+`)
		ORDER BY src_id, dst_type, dst_id`), args...)
	if err != nil {
		return nil, fmt.Errorf("deal: state editors: %w", err)
	}
	defer links.Close()
	for links.Next() {
		var src int64
		var l value.Link
		if err := links.Scan(&src, &l.Type, &l.ID); err != nil {
			return nil, fmt.Errorf("deal: state editors: %w", err)
		}
		if r := out[src]; r != nil {
			r.Editors = append(r.Editors, l)
		}
	}
	return out, links.Err()
}

func orEmpty(s string) string {
	if s == "" {
		return "null"
	}
	return s
}

// mayEditIn tells whether the scope may change a deal in a state with
// these rights: administrators always, else a holder of one of its roles
// or one of its editors (in person, by their department, or in a group).
func (m *Module) mayEditIn(ctx context.Context, sc entity.Scope, rec *entity.Record, r *stateRights, dept *readerDept) (bool, error) {
	if sc.Admin || sc.System || r == nil || !r.restricts() {
		return true, nil
	}
	var auditors []value.Link
	if slices.Contains(r.Roles, "auditors") {
		var err error
		if auditors, err = m.auditors(ctx, sc.Account, rec.ID); err != nil {
			return false, err
		}
	}
	for _, role := range r.Roles {
		if holds(sc, rec, role, auditors) {
			return true, nil
		}
	}
	for _, l := range r.Editors {
		if sc.Is(l) {
			return true, nil
		}
		if l.Type != "Department" || sc.Actor.Type != "Employee" {
			continue
		}
		d, err := dept.of(ctx, m, sc)
		if err != nil {
			return false, err
		}
		if l.ID == d {
			return true, nil
		}
	}
	return false, nil
}

// readerDept is the reader's department, read once however many deals
// of a page ask (0: none).
type readerDept struct {
	read bool
	id   int64
}

func (d *readerDept) of(ctx context.Context, m *Module, sc entity.Scope) (int64, error) {
	if d.read {
		return d.id, nil
	}
	var id sql.NullInt64
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT c_department_i FROM e_employee
		WHERE account_id = ? AND id = ? AND c_department_t = 'Department'`), sc.Account, sc.Actor.ID).Scan(&id)
	if err != nil && err != sql.ErrNoRows {
		return 0, fmt.Errorf("deal: department of %d: %w", sc.Actor.ID, err)
	}
	d.read, d.id = true, id.Int64
	return d.id, nil
}

// denied is a rights-per-state refusal worded in both languages.
func denied(field, code string, args ...Word) error {
	r := Reason{Code: code, Field: field, Args: args}
	return &entity.Denied{Field: field, Code: code, Ru: r.Text("ru"), En: r.Text("en")}
}

// checkStateEdit refuses a person's update of a deal in a state they may
// not change it in, or one changing a field the state makes read-only.
func (m *Module) checkStateEdit(ctx context.Context, c *entity.Change) error {
	if c.Scope.Admin || c.Scope.System || c.Old == nil {
		return nil
	}
	st, ok := c.Old.Links["state"]
	if !ok {
		return nil
	}
	all, err := m.loadStateRights(ctx, c.Scope.Account, []int64{st.ID})
	if err != nil {
		return err
	}
	r := all[st.ID]
	if r == nil {
		return nil
	}
	name, err := m.stateLabel(ctx, c.Scope.Account, st.ID)
	if err != nil {
		return err
	}
	ok, err = m.mayEditIn(ctx, c.Scope, c.Old, r, &readerDept{})
	if err != nil {
		return err
	}
	if !ok {
		return denied("state", CodeStateEdit, name)
	}
	for _, f := range r.ReadOnly {
		if changes(c, f) {
			l := c.Type.Field(f).Label
			return denied(f, CodeStateReadOnly, name, Word{l.Ru, l.En})
		}
	}
	return nil
}

// changes tells whether an update writes another value into a field than
// it holds (clients send back what they read).
func changes(c *entity.Change, f string) bool {
	if v, given := c.Values[f]; given {
		return !reflect.DeepEqual(v, c.Old.Values[f])
	}
	if l, given := c.Links[f]; given {
		old, had := c.Old.Links[f]
		return (l == nil) == had || (l != nil && *l != old)
	}
	return false
}

// checkRowEdit refuses a person's change of a position on a deal in a
// state they may not change it in, or whose price or positions the state
// makes read-only (the positions make the price).
func (m *Module) checkRowEdit(ctx context.Context, sc entity.Scope, deal int64) error {
	if sc.Admin || sc.System || deal == 0 {
		return nil
	}
	rec, err := m.e.Get(ctx, entity.Scope{Account: sc.Account, System: true}, "Deal", deal)
	if err != nil {
		return nil // the engine answers an unknown deal
	}
	st, ok := rec.Links["state"]
	if !ok {
		return nil
	}
	all, err := m.loadStateRights(ctx, sc.Account, []int64{st.ID})
	if err != nil || all[st.ID] == nil {
		return err
	}
	r := all[st.ID]
	name, err := m.stateLabel(ctx, sc.Account, st.ID)
	if err != nil {
		return err
	}
	if ok, err := m.mayEditIn(ctx, sc, rec, r, &readerDept{}); err != nil || !ok {
		if err != nil {
			return err
		}
		return denied("deal", CodeStateEdit, name)
	}
	for _, f := range []string{"price", positions} {
		if slices.Contains(r.ReadOnly, f) {
			l := rec.Type.Field(f).Label
			return denied(positions, CodeStateReadOnly, name, Word{l.Ru, l.En})
		}
	}
	return nil
}

// stateLabel is a state's name for a refusal.
func (m *Module) stateLabel(ctx context.Context, account, id int64) (Word, error) {
	var name sql.NullString
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(
		"SELECT c_name FROM e_programstate WHERE account_id = ? AND id = ?"), account, id).Scan(&name)
	if err != nil && err != sql.ErrNoRows {
		return Word{}, fmt.Errorf("deal: state %d: %w", id, err)
	}
	return Same(name.String), nil
}

// checkStateRights is what beforeState asks of a state's rights: known
// programme roles, and read-only fields a deal holds itself.
func (m *Module) checkStateRights(c *entity.Change) error {
	dealType := m.e.Cat.Type("Deal")
	checks := []struct {
		field string
		ok    func(string) bool
	}{
		{"editRoles", func(s string) bool { return slices.Contains(Roles, s) }},
		{"readOnlyFields", func(s string) bool { return requirable(dealType, s) && !slices.Contains(lockedFields, s) }},
	}
	for _, ch := range checks {
		raw, given := c.Values[ch.field].(string)
		if !given {
			continue
		}
		var names []string
		if err := json.Unmarshal([]byte(raw), &names); err != nil {
			return invalid(ch.field, CodeStateRights, "JSON")
		}
		for _, n := range names {
			if !ch.ok(n) {
				return invalid(ch.field, CodeStateRights, n)
			}
		}
	}
	return nil
}

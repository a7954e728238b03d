package space

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// memberTypes are who may be given access: a person, everyone of a
// department, everyone of a group (rights.Holder reads the same three).
var memberTypes = []string{"Employee", "Department", "Group"}

// accessIn is an AccessSettingsItem as a client sends it.
type accessIn struct {
	Member      json.RawMessage `json:"member"`
	AccessLevel string          `json:"accessLevel"`
	CanEdit     *bool           `json:"canEdit"`
}

// Member is one members row: who, on which element, at what level.
type Member struct {
	Element *Element
	Who     value.Link
	Level   Level
	Owner   bool // the element's owner, who holds it fully without a row
}

// JSON is the row as AccessSettingsItem (isOwner is Artel's own).
func (mb Member) JSON() map[string]any {
	return map[string]any{"contentType": "AccessSettingsItem", "element": ref(mb.Element), "member": value.EncodeLink(mb.Who),
		"accessLevel": mb.Level.memberName(), "canEdit": mb.Level >= Edit, "isOwner": mb.Owner}
}

// Members are who holds the element: the owner of it and of each
// element above it, and the members rows given on them, the nearest
// element first (Read).
func (m *Module) Members(ctx context.Context, sc entity.Scope, id int64) ([]Member, error) {
	t, e, err := m.judge(ctx, sc, id, Read)
	if err != nil {
		return nil, err
	}
	chain := append(t.path(e), e)
	slices.Reverse(chain)
	var out []Member
	for _, a := range chain {
		out = append(out, Member{Element: a, Who: value.Link{Type: "Employee", ID: a.Owner}, Level: Full, Owner: true})
		err := m.query(ctx, `SELECT subject_type, subject_id, level FROM space_members WHERE account_id = ? AND element_id = ?
			ORDER BY subject_type, subject_id`, []any{sc.Account, a.ID}, func(r *sql.Rows) error {
			mb := Member{Element: a}
			var level string
			if err := r.Scan(&mb.Who.Type, &mb.Who.ID, &level); err != nil {
				return err
			}
			mb.Level, _ = parseMemberLevel(level)
			out = append(out, mb)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// readAccess reads one AccessSettingsItem: a member of the three types
// that exists, and a level (read unless canEdit says edit).
func (m *Module) readAccess(ctx context.Context, sc entity.Scope, raw json.RawMessage, needLevel bool) (value.Link, Level, error) {
	var in accessIn
	if json.Unmarshal(raw, &in) != nil {
		return value.Link{}, None, entity.Invalidf("member", value.CodeType, "AccessSettingsItem")
	}
	who, err := value.DecodeLink(in.Member, memberTypes)
	if err != nil || who.ID == 0 {
		return who, None, entity.Invalidf("member", CodeBadMember, "")
	}
	if _, err := m.e.Get(ctx, sc, who.Type, who.ID); err != nil {
		if errors.Is(err, entity.ErrNotFound) {
			return who, None, entity.Invalidf("member", entity.CodeLinkNotFound, "")
		}
		return who, None, err
	}
	level := Read
	switch {
	case in.AccessLevel != "":
		l, ok := parseMemberLevel(in.AccessLevel)
		if !ok {
			return who, None, entity.Invalidf("accessLevel", CodeBadLevel, in.AccessLevel)
		}
		level = l
	case in.CanEdit != nil && *in.CanEdit:
		level = Edit
	case needLevel && in.CanEdit == nil:
		return who, None, entity.Invalidf("accessLevel", entity.CodeRequired, "")
	}
	return who, level, nil
}

// AddMembers gives access to an element and what is below it, or
// changes the level already given there (Full).
func (m *Module) AddMembers(ctx context.Context, sc entity.Scope, id int64, raw json.RawMessage) error {
	if _, _, err := m.judge(ctx, sc, id, Full); err != nil {
		return err
	}
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		items = []json.RawMessage{raw} // one item, not in a list
	}
	for _, it := range items {
		who, level, err := m.readAccess(ctx, sc, it, false)
		if err != nil {
			return err
		}
		_, err = m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`INSERT INTO space_members (account_id, element_id, subject_type, subject_id, level)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT (account_id, element_id, subject_type, subject_id) DO UPDATE SET level = excluded.level`),
			sc.Account, id, who.Type, who.ID, level.memberName())
		if err != nil {
			return fmt.Errorf("space: add member: %w", err)
		}
	}
	return nil
}

// ChangeMember sets the level of a member given on this element, or
// (remove) takes it away; a member given access above is changed there
// (Full).
func (m *Module) ChangeMember(ctx context.Context, sc entity.Scope, id int64, raw json.RawMessage, remove bool) error {
	if _, _, err := m.judge(ctx, sc, id, Full); err != nil {
		return err
	}
	who, level, err := m.readAccess(ctx, sc, raw, !remove)
	if err != nil {
		return err
	}
	q := `UPDATE space_members SET level = ? WHERE account_id = ? AND element_id = ? AND subject_type = ? AND subject_id = ?`
	args := []any{level.memberName(), sc.Account, id, who.Type, who.ID}
	if remove {
		q = `DELETE FROM space_members WHERE account_id = ? AND element_id = ? AND subject_type = ? AND subject_id = ?`
		args = args[1:]
	}
	res, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(q), args...)
	if err != nil {
		return fmt.Errorf("space: member: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return entity.Invalidf("member", CodeNotMember, "")
	}
	return nil
}

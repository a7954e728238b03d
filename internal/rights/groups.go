package rights

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Group is a rights group: the actions it grants and who is in it.
type Group struct {
	ID       int64
	Name     string
	Actions  []string
	Everyone bool   // every employee is a member
	Key      string // "admins" or "employees" for the built-in groups
	Members  []value.Link
}

// Service holds rights groups and computes scopes.
type Service struct {
	DB     *store.DB
	seeded sync.Map // account id -> true once its built-in groups exist
	// Changed, when set, is told after each commit that changed whose
	// permissions (nil: everyone in the account); the live socket
	// re-reads their rights and tells them.
	Changed func(account int64, who []value.Link)
}

// ensureGroups creates the built-in groups of an account the first time
// they are needed: Administrators (every action) and Employees (everyone).
func (s *Service) ensureGroups(ctx context.Context, account int64) error {
	// Every request asks; the built-in groups are never deleted, so once
	// seen they need not be counted again.
	if _, ok := s.seeded.Load(account); ok {
		return nil
	}
	var n int64
	if err := s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(
		"SELECT COUNT(*) FROM rights_groups WHERE account_id = ? AND system_key IS NOT NULL"), account).Scan(&n); err != nil {
		return fmt.Errorf("rights: groups: %w", err)
	}
	if n >= 2 {
		// Remembered only once committed: a transaction that rolls back
		// must not leave this node believing the groups exist.
		store.AfterCommit(ctx, func() { s.seeded.Store(account, true) })
		return nil
	}
	return s.DB.WithTx(ctx, func(ctx context.Context) error {
		for _, g := range []Group{{Name: "Администраторы", Actions: AllActions, Key: "admins"},
			{Name: "Сотрудники", Actions: employeeActions, Everyone: true, Key: "employees"}} {
			acts, _ := json.Marshal(g.Actions)
			if err := s.DB.Exec(ctx, `INSERT INTO rights_groups (account_id, name, actions, everyone, system_key)
				VALUES (?, ?, ?, ?, ?) ON CONFLICT (account_id, system_key) DO NOTHING`,
				account, g.Name, string(acts), boolInt(g.Everyone), g.Key); err != nil {
				return fmt.Errorf("rights: seed groups: %w", err)
			}
		}
		return nil
	})
}

// AddAdmin puts a subject in the Administrators group.
func (s *Service) AddAdmin(ctx context.Context, account int64, who value.Link) error {
	if err := s.ensureGroups(ctx, account); err != nil {
		return err
	}
	err := s.DB.Exec(ctx, `INSERT INTO rights_members (account_id, group_id, subject_type, subject_id)
		SELECT account_id, id, ?, ? FROM rights_groups WHERE account_id = ? AND system_key = 'admins'
		ON CONFLICT DO NOTHING`, who.Type, who.ID, account)
	if err == nil {
		s.changed(ctx, account, []value.Link{who})
	}
	return err
}

// scopeOf returns the actions an employee holds through its rights
// groups and the ids of the Groups (of employees, the entity) it is a
// child of. One query answers both: Fill runs on every request.
func (s *Service) scopeOf(ctx context.Context, account int64, who value.Link) (map[string]bool, []int64, error) {
	if err := s.ensureGroups(ctx, account); err != nil {
		return nil, nil, err
	}
	rows, err := s.DB.Q(ctx).QueryContext(ctx, s.DB.Dialect.Rebind(`SELECT g.actions, 0 FROM rights_groups g
		WHERE g.account_id = ? AND (g.everyone = 1 OR EXISTS (SELECT 1 FROM rights_members m
		WHERE m.group_id = g.id AND m.subject_type = ? AND m.subject_id = ?))
		UNION ALL SELECT '', l.src_id FROM links l WHERE l.account_id = ? AND l.dst_type = ? AND l.dst_id = ?
		AND l.field = 'children' AND l.src_type = 'Group'`), account, who.Type, who.ID, account, who.Type, who.ID)
	if err != nil {
		return nil, nil, fmt.Errorf("rights: actions: %w", err)
	}
	defer rows.Close()
	var raws []string
	var groups []int64
	for rows.Next() {
		var raw string
		var group int64
		if err := rows.Scan(&raw, &group); err != nil {
			return nil, nil, err
		}
		if group != 0 {
			groups = append(groups, group)
			continue
		}
		raws = append(raws, raw)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	// Sorted, so two readers in the same groups share one visibility
	// condition (the live socket decides such readers together).
	sort.Slice(groups, func(i, j int) bool { return groups[i] < groups[j] })
	return permSet(raws), groups, nil
}

// permSets remembers the permission set of each combination of groups'
// action lists: every request asks, the lists are a few hundred names of
// JSON that change only when an administrator edits a group, and decoding
// them was most of a small request's rights cost. The key is the lists
// themselves, so an edited group is simply a new key. Callers only read
// the sets (Scope.Perms). Past permSetsMax combinations (many accounts,
// many edits) new ones are decoded per request instead of kept.
var (
	permSets     sync.Map // string -> map[string]bool
	permSetsSize atomic.Int64
)

const permSetsMax = 10000

func permSet(raws []string) map[string]bool {
	key := strings.Join(raws, "\x00")
	if v, ok := permSets.Load(key); ok {
		return v.(map[string]bool)
	}
	out := map[string]bool{}
	for _, raw := range raws {
		var acts []string
		_ = json.Unmarshal([]byte(raw), &acts)
		for _, a := range acts {
			out[a] = true
		}
	}
	if permSetsSize.Add(1) <= permSetsMax {
		permSets.Store(key, out)
	}
	return out
}

// Sorted lists a permission set in a stable order.
func Sorted(perms map[string]bool) []string {
	out := make([]string, 0, len(perms))
	for a := range perms {
		out = append(out, a)
	}
	sort.Strings(out)
	return out
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// Groups lists an account's rights groups with their members.
func (s *Service) Groups(ctx context.Context, account int64) ([]*Group, error) {
	if err := s.ensureGroups(ctx, account); err != nil {
		return nil, err
	}
	rows, err := s.DB.Q(ctx).QueryContext(ctx, s.DB.Dialect.Rebind(`SELECT id, name, actions, everyone, COALESCE(system_key, '')
		FROM rights_groups WHERE account_id = ? ORDER BY id`), account)
	if err != nil {
		return nil, fmt.Errorf("rights: groups: %w", err)
	}
	var out []*Group
	byID := map[int64]*Group{}
	for rows.Next() {
		g := &Group{}
		var acts string
		var every int64
		if err := rows.Scan(&g.ID, &g.Name, &acts, &every, &g.Key); err != nil {
			rows.Close()
			return nil, err
		}
		_ = json.Unmarshal([]byte(acts), &g.Actions)
		g.Everyone = every == 1
		out = append(out, g)
		byID[g.ID] = g
	}
	rows.Close()
	mrows, err := s.DB.Q(ctx).QueryContext(ctx, s.DB.Dialect.Rebind(`SELECT group_id, subject_type, subject_id
		FROM rights_members WHERE account_id = ? ORDER BY group_id, subject_type, subject_id`), account)
	if err != nil {
		return nil, fmt.Errorf("rights: members: %w", err)
	}
	defer mrows.Close()
	for mrows.Next() {
		var gid int64
		var l value.Link
		if err := mrows.Scan(&gid, &l.Type, &l.ID); err != nil {
			return nil, err
		}
		if g := byID[gid]; g != nil {
			g.Members = append(g.Members, l)
		}
	}
	return out, mrows.Err()
}

// ErrUnknownAction names an action that does not exist.
type ErrUnknownAction struct{ Action string }

func (e ErrUnknownAction) Error() string { return "rights: unknown action " + e.Action }

// Save creates (ID 0) or replaces a group's name, actions and members. The
// built-in Administrators group always keeps every action, so an account
// can never lock itself out.
func (s *Service) Save(ctx context.Context, account int64, g *Group) error {
	known := map[string]bool{}
	for _, a := range AllActions {
		known[a] = true
	}
	for _, a := range g.Actions {
		if !known[a] {
			return ErrUnknownAction{a}
		}
	}
	if err := s.ensureGroups(ctx, account); err != nil {
		return err
	}
	return s.DB.WithTx(ctx, func(ctx context.Context) error {
		if g.ID > 0 {
			var key string
			err := s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(
				"SELECT COALESCE(system_key, '') FROM rights_groups WHERE account_id = ? AND id = ?"), account, g.ID).Scan(&key)
			if err != nil {
				return ErrNoGroup
			}
			if key == "admins" {
				g.Actions = AllActions
			}
			wasEveryone, old, err := s.members(ctx, account, g.ID)
			if err != nil {
				return err
			}
			s.changed(ctx, account, touched(wasEveryone || g.Everyone, old, g.Members))
			acts, _ := json.Marshal(g.Actions)
			if err := s.DB.Exec(ctx, "UPDATE rights_groups SET name = ?, actions = ?, everyone = ? WHERE account_id = ? AND id = ?",
				g.Name, string(acts), boolInt(g.Everyone), account, g.ID); err != nil {
				return err
			}
		} else {
			acts, _ := json.Marshal(g.Actions)
			if err := s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(`INSERT INTO rights_groups (account_id, name, actions, everyone)
				VALUES (?, ?, ?, ?) RETURNING id`), account, g.Name, string(acts), boolInt(g.Everyone)).Scan(&g.ID); err != nil {
				return fmt.Errorf("rights: create group: %w", err)
			}
			s.changed(ctx, account, touched(g.Everyone, g.Members))
		}
		if err := s.DB.Exec(ctx, "DELETE FROM rights_members WHERE account_id = ? AND group_id = ?", account, g.ID); err != nil {
			return err
		}
		for _, m := range g.Members {
			if err := s.DB.Exec(ctx, `INSERT INTO rights_members (account_id, group_id, subject_type, subject_id)
				VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`, account, g.ID, m.Type, m.ID); err != nil {
				return err
			}
		}
		return nil
	})
}

// ErrNoGroup is an unknown group id.
var ErrNoGroup = fmt.Errorf("rights: no such group")

// Delete removes a custom group; the built-in ones stay.
func (s *Service) Delete(ctx context.Context, account, id int64) error {
	return s.DB.WithTx(ctx, func(ctx context.Context) error {
		var key string
		err := s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(
			"SELECT COALESCE(system_key, '') FROM rights_groups WHERE account_id = ? AND id = ?"), account, id).Scan(&key)
		if err != nil || key != "" {
			return ErrNoGroup
		}
		everyone, old, err := s.members(ctx, account, id)
		if err != nil {
			return err
		}
		s.changed(ctx, account, touched(everyone, old))
		if err := s.DB.Exec(ctx, "DELETE FROM rights_members WHERE account_id = ? AND group_id = ?", account, id); err != nil {
			return err
		}
		return s.DB.Exec(ctx, "DELETE FROM rights_groups WHERE account_id = ? AND id = ?", account, id)
	})
}

package rights

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

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
type Service struct{ DB *store.DB }

// ensureGroups creates the built-in groups of an account the first time
// they are needed: Administrators (every action) and Employees (everyone).
func (s *Service) ensureGroups(ctx context.Context, account int64) error {
	var n int64
	if err := s.DB.Q(ctx).QueryRowContext(ctx, s.DB.Dialect.Rebind(
		"SELECT COUNT(*) FROM rights_groups WHERE account_id = ? AND system_key IS NOT NULL"), account).Scan(&n); err != nil {
		return fmt.Errorf("rights: groups: %w", err)
	}
	if n >= 2 {
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
	return s.DB.Exec(ctx, `INSERT INTO rights_members (account_id, group_id, subject_type, subject_id)
		SELECT account_id, id, ?, ? FROM rights_groups WHERE account_id = ? AND system_key = 'admins'
		ON CONFLICT DO NOTHING`, who.Type, who.ID, account)
}

// actionsOf returns the actions an employee holds through its groups.
func (s *Service) actionsOf(ctx context.Context, account int64, who value.Link) (map[string]bool, error) {
	if err := s.ensureGroups(ctx, account); err != nil {
		return nil, err
	}
	rows, err := s.DB.Q(ctx).QueryContext(ctx, s.DB.Dialect.Rebind(`SELECT g.actions FROM rights_groups g
		WHERE g.account_id = ? AND (g.everyone = 1 OR EXISTS (SELECT 1 FROM rights_members m
		WHERE m.group_id = g.id AND m.subject_type = ? AND m.subject_id = ?))`), account, who.Type, who.ID)
	if err != nil {
		return nil, fmt.Errorf("rights: actions: %w", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var raw string
		if err := rows.Scan(&raw); err != nil {
			return nil, err
		}
		var acts []string
		_ = json.Unmarshal([]byte(raw), &acts)
		for _, a := range acts {
			out[a] = true
		}
	}
	return out, rows.Err()
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

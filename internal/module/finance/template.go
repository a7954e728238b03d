package finance

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/entity"
)

// Printed blocks a template may leave out of the form ("hidden").
var printable = []string{"bank", "payer", "deadline", "unit", "tax", "totalInWords", "signatures"}

// Signature is one signature line under the form: "Руководитель", and
// the name printed after the line.
type Signature struct {
	Title string `json:"title"`
	Name  string `json:"name"`
}

// Template is an invoice template: what the printed form says besides
// the invoice itself.
type Template struct {
	ID, Account               int64
	Name, Description, Header string
	Conditions                string
	Signatures                []Signature
	Hidden                    []string
	Logo, Stamp               int64 // File ids, 0 for none
	Default                   bool
	UserCreated, UserUpdated  int64
	CreatedAt, UpdatedAt      int64
}

// Hides reports whether the template leaves a block out.
func (t *Template) Hides(block string) bool {
	for _, h := range t.Hidden {
		if h == block {
			return true
		}
	}
	return false
}

const templateCols = `id, account_id, name, description, header, conditions, signatures, hidden,
	logo_file, stamp_file, is_default, user_created, user_updated, created_at, updated_at`

func scanTemplate(sc interface{ Scan(...any) error }) (*Template, error) {
	var t Template
	var sigs, hidden string
	var def int
	if err := sc.Scan(&t.ID, &t.Account, &t.Name, &t.Description, &t.Header, &t.Conditions, &sigs, &hidden,
		&t.Logo, &t.Stamp, &def, &t.UserCreated, &t.UserUpdated, &t.CreatedAt, &t.UpdatedAt); err != nil {
		return nil, err
	}
	t.Default = def != 0
	_ = json.Unmarshal([]byte(sigs), &t.Signatures)
	_ = json.Unmarshal([]byte(hidden), &t.Hidden)
	return &t, nil
}

// Templates lists an account's invoice templates, the default first.
func (m *Module) Templates(ctx context.Context, account int64) ([]*Template, error) {
	db := m.e.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT `+templateCols+` FROM invoice_templates
		WHERE account_id = ? ORDER BY is_default DESC, id`), account)
	if err != nil {
		return nil, fmt.Errorf("finance: templates: %w", err)
	}
	defer rows.Close()
	var out []*Template
	for rows.Next() {
		t, err := scanTemplate(rows)
		if err != nil {
			return nil, fmt.Errorf("finance: templates: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// Template reads one template; id 0 is the account's default one, and
// nil with no error when there is none (the built-in form).
func (m *Module) Template(ctx context.Context, account, id int64) (*Template, error) {
	db := m.e.DB
	q := `SELECT ` + templateCols + ` FROM invoice_templates WHERE account_id = ? AND id = ?`
	args := []any{account, id}
	if id == 0 {
		q = `SELECT ` + templateCols + ` FROM invoice_templates WHERE account_id = ? AND is_default = 1 ORDER BY id LIMIT 1`
		args = args[:1]
	}
	t, err := scanTemplate(db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(q), args...))
	if errors.Is(err, sql.ErrNoRows) {
		if id == 0 {
			return nil, nil
		}
		return nil, entity.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("finance: template %d: %w", id, err)
	}
	return t, nil
}

// SaveTemplate writes a template (a new one when its ID is 0). A default
// template makes the others not default, in the same transaction; the
// first template of an account is its default.
func (m *Module) SaveTemplate(ctx context.Context, t *Template) error {
	db := m.e.DB
	t.Name = strings.TrimSpace(t.Name)
	if t.Name == "" {
		return entity.Invalidf("name", entity.CodeRequired, "")
	}
	sigs, _ := json.Marshal(orEmptySigs(t.Signatures))
	hidden, _ := json.Marshal(orEmptyList(t.Hidden))
	t.UpdatedAt = m.e.Now().UnixMilli()
	return db.WithTx(ctx, func(ctx context.Context) error {
		q := db.Q(ctx)
		if t.ID == 0 {
			var n int
			if err := q.QueryRowContext(ctx, db.Dialect.Rebind(`SELECT COUNT(*) FROM invoice_templates WHERE account_id = ?`),
				t.Account).Scan(&n); err != nil {
				return err
			}
			t.Default = t.Default || n == 0
		}
		if t.Default {
			if _, err := q.ExecContext(ctx, db.Dialect.Rebind(`UPDATE invoice_templates SET is_default = 0
				WHERE account_id = ? AND id <> ?`), t.Account, t.ID); err != nil {
				return err
			}
		}
		args := []any{t.Name, t.Description, t.Header, t.Conditions, string(sigs), string(hidden), t.Logo, t.Stamp,
			boolInt(t.Default), t.UserUpdated, t.UpdatedAt}
		if t.ID == 0 {
			t.CreatedAt, t.UserCreated = t.UpdatedAt, t.UserUpdated
			return q.QueryRowContext(ctx, db.Dialect.Rebind(`INSERT INTO invoice_templates (name, description, header,
				conditions, signatures, hidden, logo_file, stamp_file, is_default, user_updated, updated_at,
				account_id, user_created, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
				append(args, t.Account, t.UserCreated, t.CreatedAt)...).Scan(&t.ID)
		}
		_, err := q.ExecContext(ctx, db.Dialect.Rebind(`UPDATE invoice_templates SET name = ?, description = ?,
			header = ?, conditions = ?, signatures = ?, hidden = ?, logo_file = ?, stamp_file = ?, is_default = ?,
			user_updated = ?, updated_at = ? WHERE account_id = ? AND id = ?`), append(args, t.Account, t.ID)...)
		return err
	})
}

// DeleteTemplate removes a template; invoices naming it print with the
// default one after.
func (m *Module) DeleteTemplate(ctx context.Context, account, id int64) error {
	db := m.e.DB
	return db.WithTx(ctx, func(ctx context.Context) error {
		res, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`DELETE FROM invoice_templates
			WHERE account_id = ? AND id = ?`), account, id)
		if err != nil {
			return fmt.Errorf("finance: delete template: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return entity.ErrNotFound
		}
		return nil
	})
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func orEmptySigs(s []Signature) []Signature {
	if s == nil {
		return []Signature{}
	}
	return s
}

func orEmptyList(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

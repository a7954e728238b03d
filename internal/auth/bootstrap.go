package auth

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/rights"
)

// FirstStart is what Bootstrap did on an empty database.
type FirstStart struct {
	Account   int64
	Login     string
	Password  string // set only when it was generated and must be shown once
	Generated bool
}

// Bootstrap creates the default account, its administrator and the
// modules' default lists (Engine.SeedAccount) when the database has no
// account yet; with an empty password it generates one.
// It returns nil when accounts already exist.
func Bootstrap(ctx context.Context, accounts *Accounts, e *entity.Engine, email, password string) (*FirstStart, error) {
	n, err := accounts.Count(ctx)
	if err != nil || n > 0 {
		return nil, err
	}
	if email == "" {
		email = "admin@example.com"
	}
	fs := &FirstStart{Login: email}
	if password == "" {
		password, fs.Generated = GeneratePassword(), true
		fs.Password = password
	}
	err = e.DB.WithTx(ctx, func(ctx context.Context) error {
		id, err := accounts.Create(ctx, "Artel", "")
		if err != nil {
			return err
		}
		fs.Account = id
		if err := CreateAdmin(ctx, e, id, "Artel", email, password); err != nil {
			return err
		}
		return e.SeedAccount(ctx, id)
	})
	if err != nil {
		return nil, fmt.Errorf("auth: first start: %w", err)
	}
	return fs, accounts.Reload(ctx)
}

// CreateAdmin adds an administrator employee who can sign in.
func CreateAdmin(ctx context.Context, e *entity.Engine, account int64, lastName, email, password string) error {
	body, _ := json.Marshal(map[string]any{"firstName": "Администратор", "lastName": lastName,
		"login": email, "password": password, "canLogin": true, "isWorking": true,
		"contactInfo": []any{map[string]any{"contentType": "ContactInfo", "type": "email", "value": email, "isMain": true}}})
	var in entity.Input
	_ = json.Unmarshal(body, &in)
	rec, err := e.Create(ctx, entity.Scope{Account: account, System: true}, "Employee", in)
	if err != nil {
		return err
	}
	return (&rights.Service{DB: e.DB}).AddAdmin(ctx, account, rec.Link())
}

package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/store"
)

// Info is the accounts row: what AccountInfo says about the account itself.
type Info struct {
	ID        int64
	Name      string
	Host      string // "" for the default account answering any host
	CreatedAt int64  // Unix seconds
}

// ErrNoAccount is an unknown account id or host.
var ErrNoAccount = errors.New("account: no such account")

// Get reads one account.
func Get(ctx context.Context, db *store.DB, id int64) (Info, error) {
	return one(ctx, db, "id = ?", id)
}

// ByHost finds the account that claims a host (case-insensitive).
func ByHost(ctx context.Context, db *store.DB, host string) (Info, error) {
	return one(ctx, db, "host = ?", strings.ToLower(host))
}

func one(ctx context.Context, db *store.DB, where string, arg any) (Info, error) {
	var in Info
	var host sql.NullString
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(
		"SELECT id, name, host, created_at FROM accounts WHERE "+where), arg).
		Scan(&in.ID, &in.Name, &host, &in.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return Info{}, ErrNoAccount
	}
	if err != nil {
		return Info{}, fmt.Errorf("account: %w", err)
	}
	in.Host = host.String
	return in, nil
}

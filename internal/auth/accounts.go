package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/artel/artel/internal/store"
)

// Account is one customer company on this deployment.
type Account struct {
	ID        int64
	Host      string
	Name      string
	IsDefault bool
}

// Accounts resolves the account of a request by its host. The default
// account answers any host no other account claims.
type Accounts struct {
	db     *store.DB
	mu     sync.RWMutex
	hosts  map[string]int64
	def    int64
	loaded time.Time
}

// reloadEvery bounds how often an unknown host makes this node re-read the
// accounts: an account added by `artel account create` or by another node
// is found within that time, and a flood of unknown hosts costs one query
// per interval.
const reloadEvery = 10 * time.Second

// NewAccounts reads the accounts table.
func NewAccounts(ctx context.Context, db *store.DB) (*Accounts, error) {
	a := &Accounts{db: db}
	return a, a.Reload(ctx)
}

// Reload re-reads the accounts, after one was added.
func (a *Accounts) Reload(ctx context.Context) error {
	rows, err := a.db.Q(ctx).QueryContext(ctx, "SELECT id, host, is_default FROM accounts")
	if err != nil {
		return fmt.Errorf("auth: accounts: %w", err)
	}
	defer rows.Close()
	hosts := map[string]int64{}
	var def int64
	for rows.Next() {
		var id, isDef int64
		var host sql.NullString
		if err := rows.Scan(&id, &host, &isDef); err != nil {
			return err
		}
		if host.Valid && host.String != "" {
			hosts[strings.ToLower(host.String)] = id
		}
		if isDef == 1 {
			def = id
		}
	}
	a.mu.Lock()
	a.hosts, a.def, a.loaded = hosts, def, time.Now()
	a.mu.Unlock()
	return rows.Err()
}

// ErrNoAccount means the deployment has no account for the host yet.
var ErrNoAccount = errors.New("auth: no account for this host")

// Resolve returns the account id for a request host (port ignored).
func (a *Accounts) Resolve(host string) (int64, error) {
	host = strings.ToLower(host)
	if i := strings.LastIndexByte(host, ':'); i > 0 && !strings.HasSuffix(host, "]") {
		host = host[:i]
	}
	a.mu.RLock()
	id, ok := a.hosts[host]
	def, stale := a.def, time.Since(a.loaded) > reloadEvery
	a.mu.RUnlock()
	if ok {
		return id, nil
	}
	if stale && a.db != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := a.Reload(ctx); err == nil {
			a.mu.RLock()
			id, ok = a.hosts[host]
			def = a.def
			a.mu.RUnlock()
			if ok {
				return id, nil
			}
		}
	}
	if def == 0 {
		return 0, ErrNoAccount
	}
	return def, nil
}

// Create adds an account; the first one becomes the default.
func (a *Accounts) Create(ctx context.Context, name, host string) (int64, error) {
	var id int64
	err := a.db.WithTx(ctx, func(ctx context.Context) error {
		var n int64
		if err := a.db.Q(ctx).QueryRowContext(ctx, "SELECT COUNT(*) FROM accounts").Scan(&n); err != nil {
			return err
		}
		var h any
		if host != "" {
			h = strings.ToLower(host)
		}
		isDef := int64(0)
		if n == 0 {
			isDef = 1
		}
		return a.db.Q(ctx).QueryRowContext(ctx, a.db.Dialect.Rebind(
			"INSERT INTO accounts (host, name, is_default, created_at) VALUES (?, ?, ?, ?) RETURNING id"),
			h, name, isDef, time.Now().Unix()).Scan(&id)
	})
	if store.IsUniqueViolation(err) {
		return 0, fmt.Errorf("auth: host %q already has an account", host)
	}
	if err != nil {
		return 0, fmt.Errorf("auth: create account: %w", err)
	}
	return id, a.Reload(ctx)
}

// Count returns how many accounts exist.
func (a *Accounts) Count(ctx context.Context) (int64, error) {
	var n int64
	err := a.db.Q(ctx).QueryRowContext(ctx, "SELECT COUNT(*) FROM accounts").Scan(&n)
	return n, err
}

// Package integration connects Artel to other systems: webhooks an
// administrator subscribes to entity events (this file, deliver.go,
// http.go). See docs/integration.md.
package integration

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/deal"
	"github.com/artel/artel/internal/module/subscribe"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// The events a webhook may subscribe to, named as the reference's hooks.
const (
	OnCreate = "on_after_create"
	OnUpdate = "on_after_update"
	OnDrop   = "on_after_drop"
)

// Events are the subscribable events in their usual order.
var Events = []string{OnCreate, OnUpdate, OnDrop}

// Module keeps the webhooks' rules: it writes each matching event to the
// outbox in the writing transaction and delivers it after commit.
type Module struct {
	e *entity.Engine
	// Notify tells the webhook's owner it was disabled
	// (subscribe.Subscriptions.Send, set by the wiring).
	Notify func(ctx context.Context, account int64, n *subscribe.Notification) error
	// Deals moves a deal through its process's transitions, as a person's
	// move would (the deal module, set by the wiring).
	Deals *deal.Module
	// wake hears of each commit that wrote a delivery, so Prompt posts
	// it at once rather than at the next tick.
	wake chan struct{}
}

// Register hooks every content type of the catalogue: a create, update
// or delete writes its events for the account's active webhooks in the
// same transaction, and so does one an automation rule may act on.
// Register it after the other areas, so a record is
// seen as their rules leave it.
func Register(e *entity.Engine) *Module {
	m := &Module{e: e, wake: make(chan struct{}, 1)}
	for _, name := range e.Cat.Names() {
		e.Hook(name, entity.Hooks{
			AfterSave: func(ctx context.Context, c *entity.Change, rec *entity.Record) error {
				ev := OnUpdate
				if c.New {
					ev = OnCreate
				}
				if err := m.recordEvent(ctx, c); err != nil {
					return err
				}
				return m.enqueue(ctx, c.Scope.Account, ev, rec)
			},
			BeforeDelete: func(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
				return m.enqueue(ctx, sc.Account, OnDrop, rec)
			},
		})
	}
	return m
}

// Hook is one subscription as stored.
type Hook struct {
	ID         int64
	URL        string
	Secret     string
	EntityType string // "" for every type
	Events     []string
	Active     bool
	Failures   int
	DisabledAt int64
	LastError  string
	Owner      value.Link
	Created    int64
}

func (h *Hook) wants(ev, typ string) bool {
	if h.EntityType != "" && h.EntityType != typ {
		return false
	}
	for _, e := range h.Events {
		if e == ev {
			return true
		}
	}
	return false
}

// enqueue writes one outbox row per active webhook of the account that
// wants the event; the body is the entity as GET answers it in full.
func (m *Module) enqueue(ctx context.Context, account int64, ev string, rec *entity.Record) error {
	hooks, err := m.hooks(ctx, account, true)
	if err != nil || len(hooks) == 0 {
		return err
	}
	var want []*Hook
	for _, h := range hooks {
		if h.wants(ev, rec.Type.Name) {
			want = append(want, h)
		}
	}
	if len(want) == 0 {
		return nil
	}
	sys := entity.Scope{Account: account, System: true}
	sel := entity.Selection{Full: true}
	if ev != OnDrop {
		if err := m.e.Expand(ctx, sys, []*entity.Record{rec}, sel); err != nil {
			return err
		}
	}
	data := entity.Encode(rec, sel, nil, value.Options{})
	now := m.e.Now().UnixMilli()
	for _, h := range want {
		body, err := json.Marshal(map[string]any{"event": ev, "contentType": rec.Type.Name,
			"id": strconv.FormatInt(rec.ID, 10), "webhook": strconv.FormatInt(h.ID, 10), "time": now, "data": data})
		if err != nil {
			return fmt.Errorf("integration: webhook body: %w", err)
		}
		if err := m.e.DB.Exec(ctx, `INSERT INTO webhook_deliveries (account_id, webhook_id, event, entity_type, entity_id,
			body, status, attempts, next_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
			account, h.ID, ev, rec.Type.Name, rec.ID, string(body), Pending, now, now); err != nil {
			return fmt.Errorf("integration: enqueue: %w", err)
		}
	}
	store.AfterCommit(ctx, m.poke)
	return nil
}

// poke wakes Prompt, without waiting: one waiting wake is enough.
func (m *Module) poke() {
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

const hookColumns = `id, url, secret, entity_type, events, is_active, failures, COALESCE(disabled_at, 0),
	COALESCE(last_error, ''), owner_type, owner_id, created_at`

// hooks reads the account's webhooks, only the active ones when asked.
func (m *Module) hooks(ctx context.Context, account int64, active bool) ([]*Hook, error) {
	q := `SELECT ` + hookColumns + ` FROM webhooks WHERE account_id = ?`
	if active {
		q += ` AND is_active = 1`
	}
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(q+` ORDER BY id`), account)
	if err != nil {
		return nil, fmt.Errorf("integration: webhooks: %w", err)
	}
	defer rows.Close()
	var out []*Hook
	for rows.Next() {
		h, err := scanHook(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, h)
	}
	return out, rows.Err()
}

// hook reads one webhook of the account, or entity.ErrNotFound.
func (m *Module) hook(ctx context.Context, account, id int64) (*Hook, error) {
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT `+hookColumns+
		` FROM webhooks WHERE account_id = ? AND id = ?`), account, id)
	if err != nil {
		return nil, fmt.Errorf("integration: webhook: %w", err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, err
		}
		return nil, entity.ErrNotFound
	}
	return scanHook(rows)
}

func scanHook(rows interface{ Scan(...any) error }) (*Hook, error) {
	var h Hook
	var events string
	var active int
	if err := rows.Scan(&h.ID, &h.URL, &h.Secret, &h.EntityType, &events, &active, &h.Failures, &h.DisabledAt,
		&h.LastError, &h.Owner.Type, &h.Owner.ID, &h.Created); err != nil {
		return nil, fmt.Errorf("integration: webhook: %w", err)
	}
	h.Events, h.Active = strings.Split(events, ","), active == 1
	return &h, nil
}

// newSecret is 32 random bytes in hex: the key a receiver checks the
// signature with.
func newSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

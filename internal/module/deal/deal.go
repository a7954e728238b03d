// Package deal owns deals and their business processes (programs): the
// states a deal passes through, the transitions between them and their
// conditions, the deal's number, its status history, the sums of its
// positions, and mass state changes. See docs/deal.md.
package deal

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/subscribe"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Module is the deal rules over the engine.
type Module struct {
	e *entity.Engine
	// Notify sends a notification (subscribe.Subscriptions.Send, set by
	// the app): a trigger's message tells the deal's manager.
	Notify func(ctx context.Context, account int64, n *subscribe.Notification) error
	// Client posts the triggers' webhooks; nil is http.DefaultClient.
	Client *http.Client
}

// Register installs the deal rules: hooks on Deal, ProgramState,
// ProgramTransition and OfferRow writes, and the possibleTransitions of
// a deal.
func Register(e *entity.Engine) *Module {
	m := &Module{e: e}
	e.Hook("Deal", entity.Hooks{BeforeSave: m.beforeDeal, AfterSave: m.afterDeal})
	e.Hook("Deal", entity.Hooks{BeforeSave: m.defaultPriceList})
	e.Hook("ProgramTransition", entity.Hooks{BeforeSave: m.beforeTransition, AfterSave: m.afterTransition})
	e.Hook("ProgramState", entity.Hooks{BeforeSave: m.beforeState, BeforeDelete: m.beforeStateDelete})
	e.Hook("ProgramTrigger", entity.Hooks{BeforeSave: m.beforeTrigger})
	e.Hook("OfferRow", entity.Hooks{BeforeSave: m.beforeRow, AfterSave: m.afterRow, BeforeDelete: m.beforeRowDelete})
	e.NeedFields("Deal", "state", "program", "manager", "userCreated")
	// A Deal extra field may belong to one program (docs/deal.md, "Extra
	// fields per program").
	e.ExtraOwner("Deal", "program", "Program")
	e.Compute("Deal", entity.Computer{Fields: []string{"possibleTransitions", "possibleTransitionsCount",
		"possibleTriggers", "possibleTriggersCount"}, Fill: m.fillPossible})
	e.Compute("Program", entity.Computer{Fields: []string{"roles", "rolesCount"}, Fill: m.fillRoles})
	return m
}

// machineKey marks the saves of the rules themselves (a transition, a
// repricing): only they write a deal's state and a priced deal's price.
type machineKey struct{}

func asMachine(ctx context.Context) context.Context {
	return context.WithValue(ctx, machineKey{}, true)
}

func isMachine(ctx context.Context) bool { return ctx.Value(machineKey{}) != nil }

// lockedDeal reads a deal after taking its row lock, so two moves of one
// deal run one after the other and the second is judged on the state the
// first left (SQLite's one writer does that already; PostgreSQL's read
// committed would not).
func (m *Module) lockedDeal(ctx context.Context, sc entity.Scope, id int64) (*entity.Record, error) {
	if _, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(
		"UPDATE e_deal SET id = id WHERE account_id = ? AND id = ?"), sc.Account, id); err != nil {
		return nil, fmt.Errorf("deal: lock %d: %w", id, err)
	}
	return m.e.Get(ctx, sc, "Deal", id)
}

// rowCount is how many positions a deal has.
func (m *Module) rowCount(ctx context.Context, account, deal int64) (int, error) {
	var n int
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT COUNT(*) FROM e_offerrow
		WHERE account_id = ? AND c_deal_t = 'Deal' AND c_deal_i = ?`), account, deal).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("deal: positions of %d: %w", deal, err)
	}
	return n, nil
}

// auditors reads a deal's auditors from the links table.
func (m *Module) auditors(ctx context.Context, account, deal int64) ([]value.Link, error) {
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT dst_type, dst_id FROM links
		WHERE account_id = ? AND src_type = 'Deal' AND src_id = ? AND field = 'auditors'`), account, deal)
	if err != nil {
		return nil, fmt.Errorf("deal: auditors of %d: %w", deal, err)
	}
	return store.Links(rows)
}

func idString(id int64) string { return strconv.FormatInt(id, 10) }

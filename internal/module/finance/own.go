package finance

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// The account's own legal entities ("Наша компания"): the payers marked
// isOwn (Artel's field; the reference has only "Payer" for both sides, and
// a payer made through the API for a client need not name the client, so
// "no client" cannot mean "ours"). They receive the money of the account's invoices
// and print as the payee with their bank requisites (docs/finance.md,
// "Our legal entities").

// ownCondition keeps the live payers marked isOwn.
func (m *Module) ownCondition() entity.Condition {
	p := m.e.Cat.Type("Payer")
	col := func(f string) string { return p.Table + "." + p.Field(f).Column }
	return entity.Condition{SQL: "COALESCE(" + col("isOwn") + ", 0) = 1 AND COALESCE(" + col("isDropped") + ", 0) = 0"}
}

// ownRecipient is the account's first own legal entity other than the
// invoice's payer; nil when it has none.
func (m *Module) ownRecipient(ctx context.Context, account int64, payer *value.Link) (*value.Link, error) {
	p := m.e.Cat.Type("Payer")
	var not int64
	if payer != nil && payer.Type == "Payer" {
		not = payer.ID
	}
	var id int64
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(fmt.Sprintf(
		"SELECT id FROM %s WHERE account_id = ? AND id <> ? AND %s ORDER BY id LIMIT 1", p.Table, m.ownCondition().SQL)),
		account, not).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("finance: own recipient: %w", err)
	}
	return &value.Link{Type: "Payer", ID: id}, nil
}

// ownRecipients serves GET /payer/ownRecipients: the account's own legal
// entities, with the usual list parameters (newest first, as every list).
func (a *HTTP) ownRecipients(ctx context.Context, r *api.Request) api.Response {
	return a.narrowed(ctx, r, "Payer", a.Invoices.ownCondition())
}

// realAccounts serves GET /invoice/realAccounts: the bank accounts an
// invoice's money can come to (cash desks are not "расчётные счета").
func (a *HTTP) realAccounts(ctx context.Context, r *api.Request) api.Response {
	t := a.Engine.Cat.Type("FinRealAccount")
	return a.narrowed(ctx, r, "FinRealAccount", entity.Condition{SQL: t.Table + "." + t.Field("kind").Column + " = 'bank'"})
}

// operationTypes serves GET /finOperation/types: the account's
// operation types (FinOperationType), as their own list gives them.
func (a *HTTP) operationTypes(ctx context.Context, r *api.Request) api.Response {
	lq, err := r.ListQuery("FinOperationType")
	if err != nil {
		return r.Fail(err)
	}
	return r.Page(ctx, "FinOperationType", lq)
}

// narrowed is typ's list under the caller's rights, narrowed by cond.
func (a *HTTP) narrowed(ctx context.Context, r *api.Request, typ string, cond entity.Condition) api.Response {
	lq, err := r.ListQuery(typ)
	if err != nil {
		return r.Fail(err)
	}
	lq.Where = append(lq.Where, cond)
	return r.Page(ctx, typ, lq)
}

// beforePayer lets only administrators make a payer the account's own or
// stop it being so: it becomes the payee of every invoice that names none.
func beforePayer(_ context.Context, c *entity.Change) error {
	v, given := c.Values["isOwn"]
	if !given || c.Scope.System || c.Scope.Admin {
		return nil
	}
	if value.True(v) != (c.Old != nil && value.True(c.Old.Values["isOwn"])) {
		return entity.ErrForbidden
	}
	return nil
}

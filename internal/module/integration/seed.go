package integration

import (
	"context"
	"strings"

	"github.com/artel/artel/internal/entity"
)

// AddWebhook stores a new webhook of the account (its owner as given)
// after the checks the API makes, and sets h.ID; the demo company's
// webhook is made this way.
func AddWebhook(ctx context.Context, e *entity.Engine, account int64, h *Hook) error {
	if h.Secret == "" {
		h.Secret = newSecret()
	}
	if h.Created == 0 {
		h.Created = e.Now().UnixMilli()
	}
	db := e.DB
	return db.WithTx(ctx, func(ctx context.Context) error {
		return db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`INSERT INTO webhooks (account_id, url, secret,
			entity_type, events, is_active, owner_type, owner_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			account, h.URL, h.Secret, h.EntityType, strings.Join(h.Events, ","), boolInt(h.Active),
			h.Owner.Type, h.Owner.ID, h.Created).Scan(&h.ID)
	})
}

// AddRule stores a new automation rule after the checks the API makes
// (an *entity.Invalid when they fail), and sets r.ID.
func AddRule(ctx context.Context, e *entity.Engine, account int64, r *Rule) error {
	if r.Created == 0 {
		r.Created = e.Now().UnixMilli()
	}
	if r.Trigger == OnSchedule && r.NextAt == 0 {
		r.NextAt = r.Created + int64(r.EveryMinutes)*60_000
	}
	if bad := (&Module{e: e}).checkRule(ctx, account, r); bad != nil {
		return bad
	}
	db := e.DB
	return db.WithTx(ctx, func(ctx context.Context) error {
		return db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`INSERT INTO automations (account_id, name,
			entity_type, trigger_type, fields, filter, actions, every_minutes, next_at, is_active, owner_type, owner_id, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`), append([]any{account}, ruleRow(r)...)...).Scan(&r.ID)
	})
}

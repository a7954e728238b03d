package integration

import (
	"context"
	"fmt"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/value"
)

// logLimit bounds the delivery log one call answers: the newest first.
const logLimit = 100

// deliveries serves GET /webhook/{id}/deliveries: the newest deliveries
// of the webhook, each with its tries (response code, error, time).
func (a *HTTP) deliveries(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	if _, err := a.Integrations.hook(ctx, sc.Account, r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	list, err := a.Integrations.log(ctx, sc.Account, r.IDs[0], r.Options())
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(list)
}

func (m *Module) log(ctx context.Context, account, hook int64, opt value.Options) ([]any, error) {
	db := m.e.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT id, event, entity_type, entity_id, status,
		attempts, COALESCE(last_code, 0), COALESCE(last_error, ''), created_at, COALESCE(done_at, 0)
		FROM webhook_deliveries WHERE account_id = ? AND webhook_id = ? ORDER BY id DESC LIMIT ?`), account, hook, logLimit)
	if err != nil {
		return nil, fmt.Errorf("integration: delivery log: %w", err)
	}
	dt := value.DateTime{}
	out := []any{}
	byID := map[int64]map[string]any{}
	var ids []any
	for rows.Next() {
		var id, entityID, created, done int64
		var event, typ, status, lastErr string
		var attempts, code int
		if err := rows.Scan(&id, &event, &typ, &entityID, &status, &attempts, &code, &lastErr, &created, &done); err != nil {
			rows.Close()
			return nil, fmt.Errorf("integration: delivery log: %w", err)
		}
		var timeDone any
		if done > 0 {
			timeDone = dt.Encode(done, opt)
		}
		d := map[string]any{"contentType": "WebhookDelivery", "id": strconv.FormatInt(id, 10), "event": event,
			"subject": value.EncodeLink(value.Link{Type: typ, ID: entityID}), "status": status, "attemptsCount": attempts,
			"lastCode": code, "lastError": lastErr, "timeCreated": dt.Encode(created, opt), "timeDone": timeDone,
			"attempts": []any{}}
		out = append(out, d)
		byID[id] = d
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(ids) == 0 {
		return out, err
	}
	marks := "?"
	for range ids[1:] {
		marks += ", ?"
	}
	rows, err = db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT delivery_id, at, code, error, ms
		FROM webhook_attempts WHERE delivery_id IN (`+marks+`) ORDER BY id`), ids...)
	if err != nil {
		return nil, fmt.Errorf("integration: delivery tries: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, at, ms int64
		var code int
		var failure string
		if err := rows.Scan(&id, &at, &code, &failure, &ms); err != nil {
			return nil, fmt.Errorf("integration: delivery tries: %w", err)
		}
		d := byID[id]
		d["attempts"] = append(d["attempts"].([]any), map[string]any{"time": dt.Encode(at, opt), "code": code,
			"error": failure, "durationMs": ms})
	}
	return out, rows.Err()
}

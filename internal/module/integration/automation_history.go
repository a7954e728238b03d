package integration

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/value"
)

// automationHistory serves GET /automation/{id}/history: the rule's
// newest runs (the reference's AutomationHistory), each with what its
// actions did or why it failed.
func (a *HTTP) automationHistory(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	if _, err := a.Integrations.rule(ctx, sc.Account, r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	db := a.Engine.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT id, entity_type, entity_id, status, message, actions, at
		FROM automation_runs WHERE account_id = ? AND automation_id = ? ORDER BY id DESC LIMIT ?`), sc.Account, r.IDs[0], logLimit)
	if err != nil {
		return r.Fail(fmt.Errorf("integration: automation history: %w", err))
	}
	defer rows.Close()
	out := []any{}
	for rows.Next() {
		var id, entityID, at int64
		var typ, status, msg, actions string
		if err := rows.Scan(&id, &typ, &entityID, &status, &msg, &actions, &at); err != nil {
			return r.Fail(fmt.Errorf("integration: automation history: %w", err))
		}
		var done []string
		_ = json.Unmarshal([]byte(actions), &done)
		var subject any
		if typ != "" {
			subject = value.EncodeLink(value.Link{Type: typ, ID: entityID})
		}
		out = append(out, map[string]any{"contentType": "AutomationHistory", "id": strconv.FormatInt(id, 10),
			"status": status, "message": msg, "subject": subject, "date": value.DateTime{}.Encode(at, r.Options()),
			"actions": done, "actionsCount": len(done)})
	}
	if err := rows.Err(); err != nil {
		return r.Fail(err)
	}
	return api.OK(out)
}

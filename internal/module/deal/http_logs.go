package deal

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/value"
)

// triggerLogSet serves GET /triggerLogSet/{id}: one occasion's trigger
// runs, to whoever sees its deal.
func (a *HTTP) triggerLogSet(ctx context.Context, r *api.Request) api.Response {
	sets, err := a.readSets(ctx, r.Scope().Account, "id = ?", r.IDs[0], 1)
	if err != nil {
		return r.Fail(err)
	}
	if len(sets) == 0 {
		return r.NotFound()
	}
	if _, err := a.Engine.Get(ctx, r.Scope(), "Deal", sets[0]["_deal"].(int64)); err != nil {
		return r.Fail(err)
	}
	return api.OK(clean(sets[0]))
}

// dealTriggerLogSets serves GET /deal/{id}/triggerLogSets (Artel's: the
// reference gives no way to find a deal's sets), newest first, paged by
// limit and pageAfter (a set's id).
func (a *HTTP) dealTriggerLogSets(ctx context.Context, r *api.Request) api.Response {
	if _, err := a.Engine.Get(ctx, r.Scope(), "Deal", r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	limit, after, err := r.IDPaging()
	if err != nil {
		return r.Fail(err)
	}
	where, args := "deal_id = ?", []any{r.IDs[0]}
	if after > 0 {
		where, args = where+" AND id < ?", append(args, after)
	}
	sets, err := a.readSets(ctx, r.Scope().Account, where, args, limit)
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, len(sets))
	for i, s := range sets {
		out[i] = clean(s)
	}
	return api.OK(out)
}

// clean drops the internal id kept for the visibility check.
func clean(set map[string]any) map[string]any {
	delete(set, "_deal")
	return set
}

// readSets reads sets with their rows and actions, newest first. args is
// one value or a []any.
func (a *HTTP) readSets(ctx context.Context, account int64, where string, args any, limit int) ([]map[string]any, error) {
	q, d := a.Engine.DB.Q(ctx), a.Engine.DB.Dialect
	all := []any{account}
	if list, ok := args.([]any); ok {
		all = append(all, list...)
	} else {
		all = append(all, args)
	}
	rows, err := q.QueryContext(ctx, d.Rebind(`SELECT id, deal_id, user_type, user_id, result, message, created_at
		FROM deal_trigger_sets WHERE account_id = ? AND `+where+` ORDER BY id DESC LIMIT `+fmt.Sprint(limit)), all...)
	if err != nil {
		return nil, fmt.Errorf("deal: trigger logs: %w", err)
	}
	var sets []map[string]any
	var ids []any
	for rows.Next() {
		var id, deal, userID, created int64
		var userType, result, message string
		if err := rows.Scan(&id, &deal, &userType, &userID, &result, &message, &created); err != nil {
			rows.Close()
			return nil, fmt.Errorf("deal: trigger logs: %w", err)
		}
		sets = append(sets, map[string]any{"contentType": "TriggerLogSet", "id": idString(id), "_deal": deal,
			"programInstance": value.EncodeLink(value.Link{Type: "Deal", ID: deal}),
			"result":          result, "message": message, "user": user(userType, userID), "timeCreated": dateTime(created),
			"rows": []any{}, "rowsCount": 0})
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(sets) == 0 {
		return sets, err
	}
	return sets, a.readRows(ctx, sets, ids)
}

// readRows fills each set's TriggerLog rows and their OperationLogs.
func (a *HTTP) readRows(ctx context.Context, sets []map[string]any, ids []any) error {
	q, d := a.Engine.DB.Q(ctx), a.Engine.DB.Dialect
	bySet := map[string]map[string]any{}
	for _, s := range sets {
		bySet[s["id"].(string)] = s
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")
	rows, err := q.QueryContext(ctx, d.Rebind(`SELECT l.id, l.set_id, l.trigger_id, l.message, l.started_at, l.finished_at,
		o.id, o.operation, o.message, o.linked_type, o.linked_id, o.started_at, o.finished_at
		FROM deal_trigger_logs l LEFT JOIN deal_trigger_ops o ON o.log_id = l.id
		WHERE l.set_id IN (`+marks+`) ORDER BY l.id, o.id`), ids...)
	if err != nil {
		return fmt.Errorf("deal: trigger log rows: %w", err)
	}
	defer rows.Close()
	logs := map[int64]map[string]any{}
	for rows.Next() {
		var id, set, trigger, start, finish int64
		var message string
		var opID, linkedID, opStart, opFinish sql.NullInt64
		var op, opMessage, linkedType sql.NullString
		if err := rows.Scan(&id, &set, &trigger, &message, &start, &finish, &opID, &op, &opMessage, &linkedType, &linkedID, &opStart, &opFinish); err != nil {
			return fmt.Errorf("deal: trigger log rows: %w", err)
		}
		s := bySet[idString(set)]
		l := logs[id]
		if l == nil {
			l = map[string]any{"contentType": "TriggerLog", "id": idString(id),
				"trigger":   value.EncodeLink(value.Link{Type: "ProgramTrigger", ID: trigger}),
				"startTime": dateTime(start), "finishTime": dateTime(finish), "user": s["user"], "message": message,
				"operationLogs": []any{}, "operationLogsCount": 0}
			logs[id] = l
			s["rows"] = append(s["rows"].([]any), l)
			s["rowsCount"] = s["rowsCount"].(int) + 1
		}
		if !opID.Valid {
			continue
		}
		var linked any
		if linkedID.Int64 != 0 {
			linked = value.EncodeLink(value.Link{Type: linkedType.String, ID: linkedID.Int64})
		}
		l["operationLogs"] = append(l["operationLogs"].([]any), map[string]any{"contentType": "OperationLog", "id": idString(opID.Int64),
			"operation": op.String, "message": opMessage.String, "linkedModel": linked,
			"startTime": dateTime(opStart.Int64), "finishTime": dateTime(opFinish.Int64)})
		l["operationLogsCount"] = l["operationLogsCount"].(int) + 1
	}
	return rows.Err()
}

func user(typ string, id int64) any {
	if id == 0 {
		return nil
	}
	return value.EncodeLink(value.Link{Type: typ, ID: id})
}

func dateTime(ms int64) any { return value.DateTime{}.Encode(ms, value.Options{}) }

package telephony

import (
	"context"
	"database/sql"
	"errors"
	"slices"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/store"
)

// Statuses of the widget's user (spec 001 §4.1): away is do-not-disturb.
var Statuses = []string{"online", "offline", "away"}

type userConfig struct {
	InternalNumber string
	Settings       string
	Status         string
}

func loadUserConfig(ctx context.Context, db *store.DB, account, employee int64) (userConfig, error) {
	c := userConfig{Settings: "{}", Status: "online"}
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT internal_number, settings, status FROM call_user_configs
		WHERE account_id = ? AND employee_id = ?`), account, employee).Scan(&c.InternalNumber, &c.Settings, &c.Status)
	if errors.Is(err, sql.ErrNoRows) {
		return c, nil
	}
	return c, err
}

// setUserStatus serves POST /BumsCall/Call/setUserStatus.json {status}.
// Going offline while talking finishes the call (spec 001 §4.1): each of
// the user's calls that is talking or on hold is hung up.
func (a *HTTP) setUserStatus(ctx context.Context, r *api.Request) api.Response {
	var in struct {
		Status string `json:"status"`
	}
	if res := decode(r, &in); res != nil {
		return *res
	}
	sc := r.Scope()
	if sc.Actor.Type != "Employee" {
		return r.Denied()
	}
	if !slices.Contains(Statuses, in.Status) {
		return r.FieldFail("status", "invalid_enum")
	}
	db := a.Calls.Engine.DB
	err := db.WithTx(ctx, func(ctx context.Context) error {
		if err := db.Exec(ctx, `INSERT INTO call_user_configs (account_id, employee_id, status) VALUES (?, ?, ?)
			ON CONFLICT (account_id, employee_id) DO UPDATE SET status = excluded.status`, sc.Account, sc.Actor.ID, in.Status); err != nil {
			return err
		}
		if in.Status != "offline" {
			return nil
		}
		rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT provider_id FROM call_infos
			WHERE account_id = ? AND employee_id = ? AND state IN ('talking', 'hold')`), sc.Account, sc.Actor.ID)
		if err != nil {
			return err
		}
		var ids []string
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			ids = append(ids, id)
		}
		rows.Close()
		for _, id := range ids {
			if err := a.Calls.Send(ctx, sc.Account, Command{CallID: id, Employee: sc.Actor.ID, Command: "hangup"}); err != nil {
				return err
			}
		}
		return rows.Err()
	})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"status": in.Status})
}

// currentOptions serves POST /call/currentOptions.json (spec 001 §7.1):
// whether telephony is on and the caller's view of the account's provider.
func (a *HTTP) currentOptions(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	db := a.Calls.Engine.DB
	s, _, err := loadSettings(ctx, db, sc.Account)
	if err != nil {
		return r.Fail(err)
	}
	uc, err := loadUserConfig(ctx, db, sc.Account, sc.Actor.ID)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"enabled": sc.Actor.Type == "Employee", "result": map[string]any{"call": map[string]any{
		"defaultProvider": s.Provider,
		"providers": map[string]any{s.Provider: map[string]any{"status": uc.Status, "isUserOn": true, "debug": false,
			"serverConfig": map[string]any{}, "userConfig": rawJSON(uc.Settings), "internalNumber": uc.InternalNumber}},
	}}})
}

package telephony

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

func jsonID(id int64) string { return strconv.FormatInt(id, 10) }

func rawJSON(s string) json.RawMessage {
	if !json.Valid([]byte(s)) {
		return json.RawMessage("{}")
	}
	return json.RawMessage(s)
}

// The caller card's open work: tasks not finished, deals still active.
var openTaskStatuses = []any{"created", "assigned", "accepted", "delayed", "overdue"}

const cardLimit = 5

// findPerson serves the caller card (spec 001 §7.1 findPersonByPhone):
// the client with the number as the CRM compares numbers, seen with the
// reader's rights, and its open deals and tasks; person null offers to
// create a client with the number.
func (a *HTTP) findPerson(ctx context.Context, r *api.Request) api.Response {
	var in struct {
		Phone string `json:"phone"`
	}
	if res := decode(r, &in); res != nil {
		return *res
	}
	if len(digitsOf(in.Phone)) < 3 {
		return r.FieldFail("phone", "invalid_phone")
	}
	e, sc := a.Calls.Engine, r.Scope()
	client, err := matchClient(ctx, e, sc, in.Phone)
	if err != nil {
		return r.Fail(err)
	}
	if client == nil {
		return api.OK(map[string]any{"person": nil, "phone": in.Phone, "deals": []any{}, "tasks": []any{}})
	}
	person, err := r.Encode(ctx, []*entity.Record{client}, entity.Selection{Fields: []string{"name", "responsibles"}})
	if err != nil {
		return r.Fail(err)
	}
	deals, err := a.open(ctx, r, "Deal", "result", client, " = ?", []any{"active"})
	if err != nil {
		return r.Fail(err)
	}
	tasks, err := a.open(ctx, r, "Task", "status", client, " IN (?, ?, ?, ?, ?)", openTaskStatuses)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"person": person[0], "phone": in.Phone, "deals": deals, "tasks": tasks})
}

// open lists a client's deals or tasks whose field passes the test.
func (a *HTTP) open(ctx context.Context, r *api.Request, typ, field string, client *entity.Record, test string, args []any) ([]any, error) {
	e := a.Calls.Engine
	t := e.Cat.Type(typ)
	col := t.Table + "." + t.Field("contractor").Column
	where := entity.Condition{SQL: col + "_t = ? AND " + col + "_i = ? AND " + t.Table + "." + t.Field(field).Column + test,
		Args: append([]any{client.Type.Name, client.ID}, args...)}
	page, err := e.List(ctx, r.Scope(), typ, entity.ListQuery{Limit: cardLimit, Where: []entity.Condition{where}}, value.Options{})
	if err != nil {
		return nil, err
	}
	return r.Encode(ctx, page.Records, entity.Selection{Fields: []string{"name"}})
}

// journal serves GET /callInfo: the caller's calls, newest first (an
// administrator's: everyone's), paged by id (limit, pageAfter).
func (a *HTTP) journal(ctx context.Context, r *api.Request) api.Response {
	limit, after, err := r.IDPaging()
	if err != nil {
		return r.Fail(err)
	}
	sc := r.Scope()
	db := a.Calls.Engine.DB
	q, args := `SELECT `+callColumns+` FROM call_infos WHERE account_id = ? AND state <> ''`, []any{sc.Account}
	if !sc.Admin {
		q, args = q+` AND employee_id = ?`, append(args, sc.Actor.ID)
	}
	if after > 0 {
		q, args = q+` AND id < ?`, append(args, after)
	}
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(q+` ORDER BY id DESC LIMIT ?`), append(args, limit)...)
	if err != nil {
		return r.Fail(err)
	}
	defer rows.Close()
	out := []any{}
	for rows.Next() {
		c, err := scanRow(rows)
		if err != nil {
			return r.Fail(err)
		}
		out = append(out, c.Encode())
	}
	if err := rows.Err(); err != nil {
		return r.Fail(err)
	}
	return api.OK(out)
}

// one serves GET /callInfo/{id}.
func (a *HTTP) one(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	db := a.Calls.Engine.DB
	c, err := scanRow(db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT `+callColumns+` FROM call_infos
		WHERE account_id = ? AND id = ? AND state <> ''`), sc.Account, r.IDs[0]))
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !sc.Admin && c.Employee != sc.Actor.ID) {
		return r.NotFound()
	}
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(c.Encode())
}

// userConfig sets the caller's internal number, by which a PBX's events
// find the employee.
func (a *HTTP) userConfig(ctx context.Context, r *api.Request) api.Response {
	var in struct {
		InternalNumber string          `json:"internalNumber"`
		Settings       json.RawMessage `json:"settings"`
	}
	if res := decode(r, &in); res != nil {
		return *res
	}
	sc := r.Scope()
	if sc.Actor.Type != "Employee" {
		return r.Denied()
	}
	if len(in.InternalNumber) > 64 {
		return r.FieldFail("internalNumber", "too_long")
	}
	settings := "{}"
	if len(in.Settings) > 0 && json.Valid(in.Settings) && in.Settings[0] == '{' {
		settings = string(in.Settings)
	}
	err := a.Calls.Engine.DB.Exec(ctx, `INSERT INTO call_user_configs (account_id, employee_id, internal_number, settings) VALUES (?, ?, ?, ?)
		ON CONFLICT (account_id, employee_id) DO UPDATE SET internal_number = excluded.internal_number, settings = excluded.settings`,
		sc.Account, sc.Actor.ID, in.InternalNumber, settings)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"contentType": "CallUserConfig", "employee": value.EncodeLink(sc.Actor),
		"internalNumber": in.InternalNumber, "settings": settings})
}

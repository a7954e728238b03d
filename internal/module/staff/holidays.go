package staff

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// The working calendar: days off beyond the weekend, each a HolidayDay
// (a date, and the Holiday it is for, if named). Kept in holidays and
// holiday_days (migration 22), not in the catalogue: they are the
// account's settings, not business records. Everyone reads them;
// administrators change them.

func (a *HTTP) q(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return a.Engine.DB.Q(ctx).QueryContext(ctx, a.Engine.DB.Dialect.Rebind(query), args...)
}

func holidayObj(id int64, name string) map[string]any {
	return map[string]any{"contentType": "Holiday", "id": strconv.FormatInt(id, 10), "name": name}
}

// holidayList answers GET /holiday: the named holidays, by name.
func (a *HTTP) holidayList(ctx context.Context, r *api.Request) api.Response {
	rows, err := a.q(ctx, `SELECT id, name FROM holidays WHERE account_id = ? ORDER BY name, id`, r.Scope().Account)
	if err != nil {
		return r.Fail(fmt.Errorf("api: holidays: %w", err))
	}
	defer rows.Close()
	out := []any{}
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return r.Fail(err)
		}
		out = append(out, holidayObj(id, name))
	}
	if err := rows.Err(); err != nil {
		return r.Fail(err)
	}
	return api.OK(out)
}

// holidayDays answers GET /holidayDay: the days off by date; ?year=2026
// (an Artel addition) keeps one year's.
func (a *HTTP) holidayDays(ctx context.Context, r *api.Request) api.Response {
	from, to := "0000", "9999"
	if raw, ok := r.Query("year"); ok {
		y, err := strconv.Atoi(strings.Trim(string(raw), `"`))
		if err != nil || y < 1 || y > 9999 {
			return api.Response{Status: http.StatusUnprocessableEntity, Errors: []api.ErrorEntry{r.FieldError(
				entity.FieldError{Field: "year", Code: value.CodeRange})}}
		}
		from, to = fmt.Sprintf("%04d-01-01", y), fmt.Sprintf("%04d-12-31", y)
	}
	rows, err := a.q(ctx, `SELECT d.id, d.day, h.id, h.name FROM holiday_days d
		LEFT JOIN holidays h ON h.account_id = d.account_id AND h.id = d.holiday_id
		WHERE d.account_id = ? AND d.day >= ? AND d.day <= ? ORDER BY d.day`, r.Scope().Account, from, to)
	if err != nil {
		return r.Fail(fmt.Errorf("api: holiday days: %w", err))
	}
	defer rows.Close()
	out := []any{}
	for rows.Next() {
		var id int64
		var day string
		var hid sql.NullInt64
		var name sql.NullString
		if err := rows.Scan(&id, &day, &hid, &name); err != nil {
			return r.Fail(err)
		}
		out = append(out, dayObj(id, day, hid, name.String, r.Options()))
	}
	if err := rows.Err(); err != nil {
		return r.Fail(err)
	}
	return api.OK(out)
}

func dayObj(id int64, day string, hid sql.NullInt64, name string, opt value.Options) map[string]any {
	var h any
	if hid.Valid {
		h = holidayObj(hid.Int64, name)
	}
	return map[string]any{"contentType": "HolidayDay", "id": strconv.FormatInt(id, 10),
		"date": value.DateOnly{}.Encode(day, opt), "holiday": h}
}

// holidayDaySave answers POST /holidayDay {date, holiday}: marks a day
// off (or renames the holiday of a day already off). holiday is a link
// to a Holiday, or {"contentType":"Holiday","name":…} naming one (made if
// new), or null.
func (a *HTTP) holidayDaySave(ctx context.Context, r *api.Request) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	var body struct {
		Date    json.RawMessage `json:"date"`
		Holiday json.RawMessage `json:"holiday"`
	}
	if json.Unmarshal(r.Body(), &body) != nil {
		return api.Fail(http.StatusBadRequest, "malformed_json", r.Message("malformed_json"))
	}
	if len(body.Date) == 0 || string(body.Date) == "null" {
		return r.Fail(entity.Invalidf("date", entity.CodeRequired, ""))
	}
	v, err := value.DateOnly{}.Decode(body.Date)
	if err != nil {
		return r.Fail(entity.Invalidf("date", value.CodeFormat, "DateOnly"))
	}
	day, _ := v.(string)
	var id int64
	var hid sql.NullInt64
	var name string
	err = a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if hid, name, err = a.holidayOf(ctx, r.Scope().Account, body.Holiday); err != nil {
			return err
		}
		if err := a.Engine.DB.Exec(ctx, `DELETE FROM holiday_days WHERE account_id = ? AND day = ?`, r.Scope().Account, day); err != nil {
			return err
		}
		return a.Engine.DB.Q(ctx).QueryRowContext(ctx, a.Engine.DB.Dialect.Rebind(`INSERT INTO holiday_days (account_id, day, holiday_id)
			VALUES (?, ?, ?) RETURNING id`), r.Scope().Account, day, hid).Scan(&id)
	})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(dayObj(id, day, hid, name, r.Options()))
}

// holidayOf reads the holiday of a day: none, an existing one by id, or
// one by name (made when new).
func (a *HTTP) holidayOf(ctx context.Context, account int64, raw json.RawMessage) (sql.NullInt64, string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return sql.NullInt64{}, "", nil
	}
	var h struct {
		ContentType string          `json:"contentType"`
		ID          json.RawMessage `json:"id"`
		Name        *string         `json:"name"`
	}
	if json.Unmarshal(raw, &h) != nil || h.ContentType != "Holiday" {
		return sql.NullInt64{}, "", entity.Invalidf("holiday", value.CodeType, "Holiday")
	}
	if len(h.ID) > 0 && string(h.ID) != "null" {
		id, err := strconv.ParseInt(strings.Trim(string(h.ID), `"`), 10, 64)
		if err != nil {
			return sql.NullInt64{}, "", entity.Invalidf("holiday", value.CodeType, "Holiday")
		}
		var name string
		err = a.Engine.DB.Q(ctx).QueryRowContext(ctx, a.Engine.DB.Dialect.Rebind(
			`SELECT name FROM holidays WHERE account_id = ? AND id = ?`), account, id).Scan(&name)
		if errors.Is(err, sql.ErrNoRows) {
			return sql.NullInt64{}, "", entity.Invalidf("holiday", entity.CodeLinkNotFound, "Holiday "+strconv.FormatInt(id, 10))
		}
		return sql.NullInt64{Int64: id, Valid: err == nil}, name, err
	}
	if h.Name == nil || strings.TrimSpace(*h.Name) == "" {
		return sql.NullInt64{}, "", entity.Invalidf("holiday", entity.CodeRequired, "name")
	}
	name := strings.TrimSpace(*h.Name)
	var id int64
	err := a.Engine.DB.Q(ctx).QueryRowContext(ctx, a.Engine.DB.Dialect.Rebind(
		`SELECT id FROM holidays WHERE account_id = ? AND name = ?`), account, name).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		err = a.Engine.DB.Q(ctx).QueryRowContext(ctx, a.Engine.DB.Dialect.Rebind(
			`INSERT INTO holidays (account_id, name) VALUES (?, ?) RETURNING id`), account, name).Scan(&id)
	}
	return sql.NullInt64{Int64: id, Valid: err == nil}, name, err
}

// holidayDayDelete answers DELETE /holidayDay/{id}: the day is a working
// day again (unless it is a weekend).
func (a *HTTP) holidayDayDelete(ctx context.Context, r *api.Request) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	var n int64
	err := a.Engine.DB.WithTx(ctx, func(ctx context.Context) error { // the writer, not a reader
		res, err := a.Engine.DB.Q(ctx).ExecContext(ctx, a.Engine.DB.Dialect.Rebind(
			`DELETE FROM holiday_days WHERE account_id = ? AND id = ?`), r.Scope().Account, r.IDs[0])
		if err == nil {
			n, err = res.RowsAffected()
		}
		return err
	})
	if err != nil {
		return r.Fail(err)
	}
	if n == 0 {
		return r.NotFound()
	}
	return api.OK(nil)
}

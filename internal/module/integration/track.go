package integration

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Client tracking and error reports (spec 001 §7.3): the web app sends
// its queued events to /trackBatch and its uncaught errors to
// /error/report/megaspa.

// MaxTrackBatch is the most events one /trackBatch call takes.
const MaxTrackBatch = 500

// CodeTooMany is a batch over MaxTrackBatch.
const CodeTooMany = "track_too_many"

// TrackWording words CodeTooMany.
var TrackWording = map[string][2]string{
	CodeTooMany: {"Не больше 500 событий за раз", "At most 500 events at a time"},
}

// TrackEvent is one event as the client queues it.
type TrackEvent struct {
	Type        string          `json:"type"`
	Key         string          `json:"key"`
	UID         json.RawMessage `json:"uid"`
	Value       json.RawMessage `json:"value"`
	URL         string          `json:"url"`
	BrowserInfo json.RawMessage `json:"browserInfo"`
	DeviceInfo  json.RawMessage `json:"deviceInfo"`
	SessionID   json.RawMessage `json:"sessionId"`
	Timestamp   int64           `json:"timestamp"`
}

func (a *HTTP) trackRoutes(rt *api.Routes) {
	rt.Handle("POST /trackBatch", a.trackBatch)
	rt.Handle("POST /error/report/megaspa", a.errorReport)
	rt.Handle("GET /error/report", a.admin(a.errorReports))
	rt.Messages(TrackWording)
}

// cut keeps the first n bytes of s on a rune boundary.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8Start(s[n]) {
		n--
	}
	return s[:n]
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// raw is a JSON value as text: a string's own text, anything else as sent.
func raw(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	if string(v) == "null" {
		return ""
	}
	return string(v)
}

// trackBatch stores the events compactly: the browser and device
// descriptions, the same for every event of a client, once per account
// in track_clients; each event a short row.
func (a *HTTP) trackBatch(ctx context.Context, r *api.Request) api.Response {
	var events []TrackEvent
	if err := json.Unmarshal(r.Body(), &events); err != nil {
		var wrapped struct {
			Events []TrackEvent `json:"events"`
		}
		if err := json.Unmarshal(r.Body(), &wrapped); err != nil {
			return api.Fail(http.StatusBadRequest, "malformed_json", r.Message("malformed_json"))
		}
		events = wrapped.Events
	}
	if len(events) > MaxTrackBatch {
		return r.Fail(&entity.Invalid{Errors: []entity.FieldError{{Field: "events", Code: CodeTooMany}}})
	}
	sc := r.Scope()
	db := a.Engine.DB
	now := a.Engine.Now().UnixMilli()
	clients := map[string]int64{}
	err := db.WithTx(ctx, func(ctx context.Context) error {
		for _, ev := range events {
			browser, device := cut(raw(ev.BrowserInfo), 2000), cut(raw(ev.DeviceInfo), 2000)
			sum := sha256.Sum256([]byte(browser + "\x00" + device))
			hash := hex.EncodeToString(sum[:16])
			client, ok := clients[hash]
			if !ok {
				if err := db.Exec(ctx, `INSERT INTO track_clients (account_id, hash, browser, device) VALUES (?, ?, ?, ?)
					ON CONFLICT (account_id, hash) DO NOTHING`, sc.Account, hash, browser, device); err != nil {
					return err
				}
				if err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT id FROM track_clients WHERE account_id = ? AND hash = ?`),
					sc.Account, hash).Scan(&client); err != nil {
					return err
				}
				clients[hash] = client
			}
			at := ev.Timestamp
			if at <= 0 || at > now+86_400_000 {
				at = now
			}
			if err := db.Exec(ctx, `INSERT INTO track_events (account_id, actor_id, at, type, event_key, value, uid, url,
				session_id, client_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, sc.Account, sc.Actor.ID, at,
				cut(ev.Type, 100), cut(ev.Key, 200), cut(raw(ev.Value), 1000), cut(raw(ev.UID), 100), cut(ev.URL, 500),
				cut(raw(ev.SessionID), 100), client); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"accepted": len(events)})
}

// errorReport keeps one row per fingerprint and counts its repeats.
// The fingerprint is the server's (message and the stack's first five
// lines), so clients cannot split or merge others' reports.
func (a *HTTP) errorReport(ctx context.Context, r *api.Request) api.Response {
	var in struct {
		Message string `json:"message"`
		Stack   string `json:"stack"`
		URL     string `json:"url"`
	}
	if err := json.Unmarshal(r.Body(), &in); err != nil {
		return api.Fail(http.StatusBadRequest, "malformed_json", r.Message("malformed_json"))
	}
	if strings.TrimSpace(in.Message) == "" {
		return r.FieldFail("message", entity.CodeRequired)
	}
	msg, stack := cut(in.Message, 1000), cut(in.Stack, 8000)
	top := strings.SplitN(stack, "\n", 6)
	if len(top) > 5 {
		top = top[:5]
	}
	sum := sha256.Sum256([]byte(msg + "\n" + strings.Join(top, "\n")))
	fp := hex.EncodeToString(sum[:16])
	sc := r.Scope()
	now := a.Engine.Now().UnixMilli()
	db := a.Engine.DB
	var count int64
	actor := sc.Actor.ID
	if sc.Actor.Type != "Employee" {
		actor = 0 // a guest is not named in an administrator's list
	}
	// In a transaction, so the write goes to the writer's connection.
	err := db.WithTx(ctx, func(ctx context.Context) error {
		return db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`INSERT INTO error_reports (account_id, fingerprint, message,
		stack, url, count, first_at, last_at, last_actor) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)
		ON CONFLICT (account_id, fingerprint) DO UPDATE SET count = error_reports.count + 1,
		last_at = excluded.last_at, last_actor = excluded.last_actor, url = excluded.url RETURNING count`),
			sc.Account, fp, msg, stack, cut(in.URL, 500), now, now, actor).Scan(&count)
	})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"fingerprint": fp, "count": count})
}

// errorReports lists the account's error reports, most recent first
// (the newest 200), for an administrator.
func (a *HTTP) errorReports(ctx context.Context, r *api.Request) api.Response {
	db := a.Engine.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT id, fingerprint, message, stack, url, count,
		first_at, last_at, last_actor FROM error_reports WHERE account_id = ? ORDER BY last_at DESC, id DESC LIMIT 200`), r.Scope().Account)
	if err != nil {
		return r.Fail(err)
	}
	defer rows.Close()
	out := []any{}
	dt := value.DateTime{}
	for rows.Next() {
		var id, count, first, last, actor int64
		var fp, msg, stack, url string
		if err := rows.Scan(&id, &fp, &msg, &stack, &url, &count, &first, &last, &actor); err != nil {
			return r.Fail(err)
		}
		var who any
		if actor != 0 {
			who = value.EncodeLink(value.Link{Type: "Employee", ID: actor})
		}
		out = append(out, map[string]any{"contentType": "ErrorReport", "id": strconv.FormatInt(id, 10), "fingerprint": fp,
			"message": msg, "stack": stack, "url": url, "count": count, "timeFirst": dt.Encode(first, r.Options()),
			"timeLast": dt.Encode(last, r.Options()), "lastUser": who})
	}
	if err := rows.Err(); err != nil {
		return r.Fail(err)
	}
	return api.OK(out)
}

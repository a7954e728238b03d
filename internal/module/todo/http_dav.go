package todo

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"

	"github.com/emersion/go-webdav/caldav"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// FeedPrefix is where users' iCalendar feeds live: /ical/{key}.ics.
const FeedPrefix = "/ical/"

// calendarSync serves GET /calendarSync: whether the caller has a
// calendar key, and where their feed and CalDAV server are.
func (a *HTTP) calendarSync(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	at, ok, err := keys{a.Engine.DB}.since(ctx, sc.Account, sc.Actor)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(a.syncInfo(ctx, sc, ok, at, ""))
}

// issueKey serves POST /calendarSync: a new key, shown this once; the
// old one stops working.
func (a *HTTP) issueKey(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	if sc.Actor.Type != "Employee" {
		return r.Denied()
	}
	now := a.Engine.Now().UnixMilli()
	key, err := keys{a.Engine.DB}.issue(ctx, sc.Account, sc.Actor, now)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(a.syncInfo(ctx, sc, true, now, key))
}

// revokeKey serves DELETE /calendarSync.
func (a *HTTP) revokeKey(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	if err := (keys{a.Engine.DB}).revoke(ctx, sc.Account, sc.Actor); err != nil {
		return r.Fail(err)
	}
	return api.OK(a.syncInfo(ctx, sc, false, 0, ""))
}

func (a *HTTP) syncInfo(ctx context.Context, sc entity.Scope, on bool, at int64, key string) map[string]any {
	out := map[string]any{"contentType": "CalendarSync", "enabled": on, "caldavPath": DAVPrefix + "/", "login": a.loginOf(ctx, sc)}
	if on {
		out["timeCreated"] = value.DateTime{}.Encode(at, value.Options{})
	}
	if key != "" {
		out["key"], out["feedPath"] = key, FeedPrefix+key+".ics"
	}
	return out
}

func (a *HTTP) loginOf(ctx context.Context, sc entity.Scope) string {
	var login string
	_ = a.Engine.DB.Q(ctx).QueryRowContext(ctx, a.Engine.DB.Dialect.Rebind(`SELECT login FROM credentials
		WHERE account_id = ? AND subject_type = ? AND subject_id = ?`), sc.Account, sc.Actor.Type, sc.Actor.ID).Scan(&login)
	return login
}

// scopeFor is the scope of a user signing in to the calendar with their
// key; ok false for a wrong key, or a user who may no longer sign in.
func (a *HTTP) scopeFor(ctx context.Context, account int64, who value.Link) (entity.Scope, bool, error) {
	sc := entity.Scope{Account: account, Actor: who, Lang: "ru"}
	if bans, err := a.Auth.Bans(ctx, account, who); err != nil || len(bans) > 0 {
		return sc, false, err
	}
	if err := a.Rights.Fill(ctx, &sc); err != nil {
		return sc, false, nil
	}
	return sc, true, nil
}

// dav serves CalDAV: HTTP Basic with the user's login and calendar key.
func (a *HTTP) dav(w http.ResponseWriter, r *http.Request, account int64) {
	if r.URL.Path == "/.well-known/caldav" {
		http.Redirect(w, r, DAVPrefix+"/", http.StatusMovedPermanently)
		return
	}
	if !strings.HasPrefix(r.URL.Path, DAVPrefix+"/") {
		http.NotFound(w, r)
		return
	}
	ctx := r.Context()
	login, key, given := r.BasicAuth()
	var who value.Link
	ok := false
	if given {
		err := a.Engine.DB.Q(ctx).QueryRowContext(ctx, a.Engine.DB.Dialect.Rebind(`SELECT subject_type, subject_id FROM credentials
			WHERE account_id = ? AND login = ?`), account, auth.NormalizeLogin(login)).Scan(&who.Type, &who.ID)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			http.Error(w, "calendar unavailable", http.StatusServiceUnavailable)
			return
		}
		if err == nil {
			ok, err = keys{a.Engine.DB}.check(ctx, account, who, key)
			if err != nil {
				http.Error(w, "calendar unavailable", http.StatusServiceUnavailable)
				return
			}
		}
	}
	var sc entity.Scope
	if ok {
		var err error
		if sc, ok, err = a.scopeFor(ctx, account, who); err != nil {
			http.Error(w, "calendar unavailable", http.StatusServiceUnavailable)
			return
		}
	}
	if !ok {
		w.Header().Set("WWW-Authenticate", `Basic realm="Artel", charset="UTF-8"`)
		http.Error(w, "sign in with your login and your calendar key", http.StatusUnauthorized)
		return
	}
	h := caldav.Handler{Backend: davBackend{e: a.Engine, att: attendees{a.Engine.DB}}, Prefix: DAVPrefix}
	h.ServeHTTP(w, r.WithContext(context.WithValue(ctx, scopeKey{}, sc)))
}

// feed serves GET /ical/{key}.ics: the key owner's to-dos as iCalendar,
// for calendar apps that subscribe to an address.
func (a *HTTP) feed(w http.ResponseWriter, r *http.Request, account int64) {
	key, isICS := strings.CutSuffix(strings.TrimPrefix(r.URL.Path, FeedPrefix), ".ics")
	if r.Method != http.MethodGet && r.Method != http.MethodHead || !isICS || key == "" {
		http.NotFound(w, r)
		return
	}
	ctx := r.Context()
	who, ok, err := keys{a.Engine.DB}.owner(ctx, account, key)
	var sc entity.Scope
	if err == nil && ok {
		sc, ok, err = a.scopeFor(ctx, account, who)
	}
	if err != nil {
		http.Error(w, "calendar unavailable", http.StatusServiceUnavailable)
		return
	}
	if !ok {
		http.NotFound(w, r)
		return
	}
	ctx = context.WithValue(ctx, scopeKey{}, sc)
	objs, err := davBackend{e: a.Engine, att: attendees{a.Engine.DB}}.ListCalendarObjects(ctx, "", nil)
	if err != nil {
		http.Error(w, "calendar unavailable", http.StatusServiceUnavailable)
		return
	}
	cal := newCalendar()
	cal.Props.SetText("X-WR-CALNAME", "Artel")
	for _, o := range objs {
		cal.Children = append(cal.Children, o.Data.Children...)
	}
	data, etag, err := encodeCalendar(cal)
	if err != nil {
		http.Error(w, "calendar unavailable", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("ETag", `"`+etag+`"`)
	w.Header().Set("Cache-Control", "private, no-cache")
	_, _ = w.Write(data)
}

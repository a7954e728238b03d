package todo

import (
	"context"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/rights"
	"github.com/artel/artel/internal/value"
)

// HTTP is the to-do area's routes: the actions, the invitees, the
// calendar (GET /time), statuses and categories.
type HTTP struct {
	Engine *entity.Engine
	// Auth and Rights sign in calendar apps (CalDAV, the iCal feed),
	// which come with a calendar key instead of a session.
	Auth   *auth.Service
	Rights *rights.Service
	// Todos makes to-dos repeat (the schedule routes).
	Todos *Module
}

// Routes registers the area's routes.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("POST /todo/{id}/doAction", a.doAction)
	rt.Handle("GET /todoStatus", a.statuses)
	rt.Handle("GET /todoCategory", a.categories)
	rt.Handle("GET /todo/reminderTransports", func(context.Context, *api.Request) api.Response { return api.OK(Transports) })
	rt.Handle("GET /time", a.calendar)
	rt.Handle("GET /todo/busyPeople", a.busyPeople)
	rt.Handle("GET /todo/busyDays", a.busyDays)
	rt.Handle("GET /todo/busyGrid", a.busyGrid)
	rt.Describe("GET /todo/busyGrid", [2]string{"Занятость людей по дням (from, to, subjects): число дел и минут, без самих дел",
		"People's busy days (from, to, subjects): how many to-dos and minutes, not the to-dos"})
	rt.Handle("GET /todo/search", a.search)
	rt.Handle("GET /todo/{id}/deals", a.relatedDeals)
	rt.Handle("GET /todo/{id}/coincidentTodos", a.coincident)
	for _, mode := range []string{"changeCurrent", "changeSequent", "changeTemplate"} {
		rt.Handle("POST /todo/{id}/schedule/"+mode, a.setSchedule)
	}
	rt.Handle("DELETE /todo/{id}/schedule", a.stopSchedule)
	for _, mode := range []string{"changeCurrent", "changeSequent", "changeTemplate"} {
		rt.Handle("POST /todo/{id}/"+mode, a.editInSeries(mode))
	}
	rt.Describe("GET /todo/busyPeople", [2]string{"Кто из людей занят в период (from, to, subjects): только факт занятости, без дел",
		"Who of the people is busy in a period (from, to, subjects): the fact only, not the to-dos"})
	rt.Describe("GET /time", [2]string{"Дела людей (по умолчанию — свои) за период: from, to (DateTime, не больше 45 дней), subjects",
		"The to-dos of people (the caller by default) in a period: from, to (DateTime, at most 45 days), subjects"})
	rt.Handle("GET /todo/{id}/participants", a.participants)
	rt.Handle("GET /todo/{id}/allParticipants", a.allParticipants)
	rt.Handle("POST /todo/{id}/participants", a.invite)
	rt.Handle("GET /calendarSync", a.calendarSync)
	rt.Handle("POST /calendarSync", a.issueKey)
	rt.Handle("DELETE /calendarSync", a.revokeKey)
	rt.Describe("GET /calendarSync", [2]string{"Синхронизация календаря: есть ли ключ, адреса CalDAV и ленты", "Calendar sync: whether there is a key, the CalDAV and feed addresses"})
	rt.Describe("POST /calendarSync", [2]string{"Новый ключ календаря (показывается один раз; прежний перестаёт действовать)", "A new calendar key (shown once; the previous one stops working)"})
	rt.Describe("DELETE /calendarSync", [2]string{"Отозвать ключ календаря", "Revoke the calendar key"})
	rt.Protocol(DAVPrefix+"/", a.dav)
	rt.Protocol("/.well-known/", a.dav)
	rt.Protocol(FeedPrefix, a.feed)
	for _, typ := range subjectTypes {
		rt.Handle("DELETE /todo/{id}/participants/"+typ+"/{id}", a.uninvite(typ))
	}
}

// doAction serves POST /todo/{id}/doAction with a Todo*ActionRequest
// body, answering the Todo (as it was, when deleted).
func (a *HTTP) doAction(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	req, err := ParseRequest(in)
	if err != nil {
		return r.Fail(err)
	}
	rec, err := a.Todos.Do(ctx, r.Scope(), r.IDs[0], req)
	if err != nil {
		return r.Fail(err)
	}
	sel, err := r.Selection(true)
	if err != nil {
		return r.Fail(err)
	}
	if req.Action == "act_delete" {
		// Gone: its collections can no longer be read.
		sel = entity.Selection{Fields: []string{"name", "status", "responsible"}, Only: true}
	}
	return r.One(ctx, rec, sel)
}

// statuses serves GET /todoStatus, named in the caller's language.
func (a *HTTP) statuses(ctx context.Context, r *api.Request) api.Response {
	out := make([]any, len(Statuses))
	for i, s := range Statuses {
		out[i] = s.Encode(r.Lang())
	}
	return api.OK(out)
}

// categories serves GET /todoCategory, named in the caller's language.
func (a *HTTP) categories(ctx context.Context, r *api.Request) api.Response {
	out := make([]any, len(Categories))
	for i, c := range Categories {
		out[i] = c.Encode(r.Lang())
	}
	return api.OK(out)
}

// rangeOf reads a period's parameters (from, to, subjects), in the
// caller's zone.
func rangeOf(r *api.Request) (Range, *entity.Invalid) {
	from, _ := r.TakeQuery("from")
	to, _ := r.TakeQuery("to")
	subjects, _ := r.TakeQuery("subjects")
	rg, bad := ParseRange(r.Scope(), from, to, subjects)
	rg.Loc = r.Options().Location
	return rg, bad
}

// calendar serves GET /time: the to-dos of the people named (the caller
// by default) between from and to that the caller sees, earliest first.
func (a *HTTP) calendar(ctx context.Context, r *api.Request) api.Response {
	rg, bad := rangeOf(r)
	if bad != nil {
		return r.Fail(bad)
	}
	recs, err := Calendar(ctx, a.Engine, r.Scope(), rg)
	if err != nil {
		return r.Fail(err)
	}
	sel, err := r.Selection(false)
	if err != nil {
		return r.Fail(err)
	}
	out, err := r.Encode(ctx, recs, sel)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(out)
}

// busyPeople serves GET /todo/busyPeople: of the people named, those with
// a to-do (not an invitation they refused) overlapping [from, to), for
// planning a meeting. It tells that they are busy, never with what, so
// it needs no right to their to-dos, as free/busy in any calendar.
func (a *HTTP) busyPeople(ctx context.Context, r *api.Request) api.Response {
	rg, bad := rangeOf(r)
	if bad != nil {
		return r.Fail(bad)
	}
	rows, err := attendees{a.Engine.DB}.busy(ctx, r.Scope().Account, rg.People, rg.From, rg.To)
	if err != nil {
		return r.Fail(err)
	}
	out := []any{}
	seen := map[string]bool{}
	for _, b := range rows {
		key := b.Subject.Type + ":" + strconv.FormatInt(b.Subject.ID, 10)
		if b.Span.AllDay && !rg.holds(b.Span) || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, value.EncodeLink(b.Subject))
	}
	return api.OK(out)
}

// setSchedule serves POST /todo/{id}/schedule/{changeMode} with a
// Schedule: the to-do repeats by it (every mode alike: the rule is the
// series'), answering the to-do.
func (a *HTTP) setSchedule(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	rec, err := a.Todos.SetSeries(ctx, r.Scope(), r.IDs[0], in)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

// editInSeries serves POST /todo/{id}/{changeMode} with a Todo: the
// change made to this to-do only, to it and the later ones of its
// series, or to the whole series (Module.EditInSeries).
func (a *HTTP) editInSeries(mode string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		in, res := r.Input()
		if res != nil {
			return *res
		}
		rec, err := a.Todos.EditInSeries(ctx, r.Scope(), r.IDs[0], mode, in)
		if err != nil {
			return r.Fail(err)
		}
		return r.One(ctx, rec, entity.Selection{Full: true})
	}
}

// stopSchedule serves DELETE /todo/{id}/schedule.
func (a *HTTP) stopSchedule(ctx context.Context, r *api.Request) api.Response {
	rec, err := a.Todos.StopSeries(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

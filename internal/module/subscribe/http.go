package subscribe

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/module/comment"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Subscribers of comments and notifications (internal/module/subscribe).
// A reader subscribes or unsubscribes only themselves, through
// POST /{subject}/{id}/subscribe and /unsubscribe: the generic update
// ignores computed fields such as subscribed and needs the right to edit
// the subject, while following its comments needs only the right to see
// it. Notifications are each reader's own; another's is 404.

// HTTP is the subscription and notification routes.
type HTTP struct {
	Engine        *entity.Engine
	Subscriptions *Subscriptions
}

// Routes registers the routes and the unread notifications counter.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("GET /notification", a.notificationList)
	rt.Handle("GET /notification/counter", a.notificationCounter)
	rt.Handle("GET /notification/{id}", a.notificationGet)
	rt.Handle("DELETE /notification/{id}", a.notificationDismiss)
	rt.Handle("DELETE /notification/all", a.notificationDismissAll)
	for _, route := range []string{"POST /notification", "POST /notification/{id}", "PUT /notification/{id}",
		"PATCH /notification/{id}", "POST /notification/counter", "DELETE /notification/counter"} {
		rt.Handle(route, a.notificationReadOnly)
	}
	for _, endpoint := range comment.SubjectEndpoints {
		rt.Handle("GET /"+endpoint+"/{id}/subscribers", a.subscriberList(endpoint, false))
		rt.Handle("GET /"+endpoint+"/{id}/possibleSubscribers", a.subscriberList(endpoint, true))
		rt.Handle("POST /"+endpoint+"/{id}/subscribe", a.subscribeSet(endpoint, true))
		rt.Handle("POST /"+endpoint+"/{id}/unsubscribe", a.subscribeSet(endpoint, false))
	}
	rt.Counter("notificationsUnreadCount", func(ctx context.Context, sc entity.Scope) (int64, error) {
		if sc.Actor.Type != "Employee" {
			return 0, nil
		}
		return a.Subscriptions.Unread(ctx, sc)
	})
}

// subscriberList serves GET /{subject}/{id}/subscribers and
// /possibleSubscribers: the employees among them as an Employee list with
// the usual fields, filters and keyset paging.
func (a *HTTP) subscriberList(endpoint string, possible bool) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		subj := comment.SubjectOf(a.Engine, endpoint, r.IDs[0])
		if !IsSubject(a.Engine, subj.Type) {
			return r.NotFound()
		}
		var people []value.Link
		var err error
		if possible {
			people, err = a.Subscriptions.Possible(ctx, r.Scope(), subj)
		} else if _, err = a.Engine.Get(ctx, r.Scope(), subj.Type, subj.ID); err == nil {
			people, err = a.Subscriptions.Subscribers(ctx, r.Scope().Account, subj)
		}
		if err != nil {
			return r.Fail(err)
		}
		lq, err := r.ListQuery("Employee")
		if err != nil {
			return r.Fail(err)
		}
		args := []any{int64(0)} // nobody: an empty page, not every employee
		for _, p := range people {
			if p.Type == "Employee" {
				args = append(args, p.ID)
			}
		}
		t := a.Engine.Cat.Type("Employee")
		lq.Where = append(lq.Where, entity.Condition{SQL: t.Table + ".id IN (" + store.Marks(len(args)) + ")", Args: args})
		return r.Page(ctx, "Employee", lq)
	}
}

// subscribeSet serves POST /{subject}/{id}/subscribe and /unsubscribe and
// answers the subject.
func (a *HTTP) subscribeSet(endpoint string, on bool) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		rec, err := a.Subscriptions.Set(ctx, r.Scope(), comment.SubjectOf(a.Engine, endpoint, r.IDs[0]), on)
		if err != nil {
			return r.Fail(err)
		}
		return r.One(ctx, rec, entity.Selection{Full: true})
	}
}

// notificationList serves GET /notification: the reader's own, newest
// first, paged by pageAfter (the last one seen, or its id), isActive
// filtering.
func (a *HTTP) notificationList(ctx context.Context, r *api.Request) api.Response {
	limit, after, err := r.IDPaging()
	if err != nil {
		return r.Fail(err)
	}
	q := ListQuery{Limit: limit, Before: after}
	if raw, ok := r.Query("isActive"); ok && string(raw) != "null" {
		var active bool
		if json.Unmarshal(raw, &active) != nil {
			return r.Fail(entity.Invalidf("isActive", entity.CodeBadParam, ""))
		}
		q.Active = &active
	}
	list, more, count, err := a.Subscriptions.List(ctx, r.Scope(), q)
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, len(list))
	for i, n := range list {
		out[i] = n.Encode(r.Options())
	}
	return api.Response{Status: http.StatusOK, Data: out, Pagination: &api.Pagination{Count: count, Limit: limit, HasMoreNext: more}}
}

func (a *HTTP) notificationGet(ctx context.Context, r *api.Request) api.Response {
	n, err := a.Subscriptions.Get(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(n.Encode(r.Options()))
}

func (a *HTTP) notificationCounter(ctx context.Context, r *api.Request) api.Response {
	n, err := a.Subscriptions.Unread(ctx, r.Scope())
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(Counter(n))
}

func (a *HTTP) notificationDismiss(ctx context.Context, r *api.Request) api.Response {
	if err := a.Subscriptions.Dismiss(ctx, r.Scope(), r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	return api.OK(nil)
}

func (a *HTTP) notificationDismissAll(ctx context.Context, r *api.Request) api.Response {
	if err := a.Subscriptions.DismissAll(ctx, r.Scope()); err != nil {
		return r.Fail(err)
	}
	return api.OK(nil)
}

// notificationReadOnly: notifications are made by the server only; the
// generic entity routes must not create a second kind of them.
func (a *HTTP) notificationReadOnly(_ context.Context, r *api.Request) api.Response {
	return r.MethodNotAllowed()
}

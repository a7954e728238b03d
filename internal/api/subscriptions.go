package api

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/subscribe"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Subscribers of comments and notifications (internal/module/subscribe).
// A reader subscribes or unsubscribes only themselves, through
// POST /{subject}/{id}/subscribe and /unsubscribe: the generic update
// ignores computed fields such as subscribed and needs the right to edit
// the subject, while following its comments needs only the right to see
// it. Notifications are each reader's own; another's is 404.

func init() {
	routes := map[string]handler{
		"GET /notification":            notificationList,
		"POST /notification":           notificationReadOnly,
		"GET /notification/counter":    notificationCounter,
		"GET /notification/{id}":       notificationGet,
		"DELETE /notification/{id}":    notificationDismiss,
		"DELETE /notification/all":     notificationDismissAll,
		"POST /notification/{id}":      notificationReadOnly,
		"PUT /notification/{id}":       notificationReadOnly,
		"PATCH /notification/{id}":     notificationReadOnly,
		"POST /notification/counter":   notificationReadOnly,
		"DELETE /notification/counter": notificationReadOnly,
	}
	for _, endpoint := range commentSubjectEndpoints {
		routes["GET /"+endpoint+"/{id}/subscribers"] = subscriberList(endpoint, false)
		routes["GET /"+endpoint+"/{id}/possibleSubscribers"] = subscriberList(endpoint, true)
		routes["POST /"+endpoint+"/{id}/subscribe"] = subscribeSet(endpoint, true)
		routes["POST /"+endpoint+"/{id}/unsubscribe"] = subscribeSet(endpoint, false)
	}
	routeSets = append(routeSets, routes)
}

// subscriberList serves GET /{subject}/{id}/subscribers and
// /possibleSubscribers: the employees among them as an Employee list with
// the usual fields, filters and keyset paging.
func subscriberList(endpoint string, possible bool) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		subj := s.subjectOf(endpoint, ids[0])
		if !subscribe.IsSubject(s.Engine, subj.Type) {
			return s.notFound(c)
		}
		var people []value.Link
		var err error
		if possible {
			people, err = s.Subscriptions.Possible(ctx, c.sc, subj)
		} else if _, err = s.Engine.Get(ctx, c.sc, subj.Type, subj.ID); err == nil {
			people, err = s.Subscriptions.Subscribers(ctx, c.sc.Account, subj)
		}
		if err != nil {
			return s.errorResponse(c, err)
		}
		lq, err := listQuery(c, "Employee")
		if err != nil {
			return s.errorResponse(c, err)
		}
		args := []any{int64(0)} // nobody: an empty page, not every employee
		for _, p := range people {
			if p.Type == "Employee" {
				args = append(args, p.ID)
			}
		}
		t := s.Cat.Type("Employee")
		lq.Where = append(lq.Where, entity.Condition{SQL: t.Table + ".id IN (" + store.Marks(len(args)) + ")", Args: args})
		return s.page(ctx, c, "Employee", lq)
	}
}

// subscribeSet serves POST /{subject}/{id}/subscribe and /unsubscribe and
// answers the subject.
func subscribeSet(endpoint string, on bool) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		rec, err := s.Subscriptions.Set(ctx, c.sc, s.subjectOf(endpoint, ids[0]), on)
		if err != nil {
			return s.errorResponse(c, err)
		}
		return s.encodeOne(ctx, c, rec, entity.Selection{Full: true})
	}
}

// notificationList serves GET /notification: the reader's own, newest
// first, paged by pageAfter (the last one seen, or its id), isActive
// filtering.
func notificationList(s *Server, ctx context.Context, c *call, _ []int64) Response {
	limit, after, err := historyPaging(c)
	if err != nil {
		return s.errorResponse(c, err)
	}
	q := subscribe.ListQuery{Limit: limit, Before: after}
	if raw, ok := c.query["isActive"]; ok && string(raw) != "null" {
		var active bool
		if json.Unmarshal(raw, &active) != nil {
			return s.errorResponse(c, entity.Invalidf("isActive", entity.CodeBadParam, ""))
		}
		q.Active = &active
	}
	list, more, count, err := s.Subscriptions.List(ctx, c.sc, q)
	if err != nil {
		return s.errorResponse(c, err)
	}
	out := make([]any, len(list))
	for i, n := range list {
		out[i] = n.Encode(c.opt)
	}
	return Response{Status: http.StatusOK, Data: out, Pagination: &Pagination{Count: count, Limit: limit, HasMoreNext: more}}
}

func notificationGet(s *Server, ctx context.Context, c *call, ids []int64) Response {
	n, err := s.Subscriptions.Get(ctx, c.sc, ids[0])
	if err != nil {
		return s.errorResponse(c, err)
	}
	return ok(n.Encode(c.opt))
}

func notificationCounter(s *Server, ctx context.Context, c *call, _ []int64) Response {
	n, err := s.Subscriptions.Unread(ctx, c.sc)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return ok(subscribe.Counter(n))
}

func notificationDismiss(s *Server, ctx context.Context, c *call, ids []int64) Response {
	if err := s.Subscriptions.Dismiss(ctx, c.sc, ids[0]); err != nil {
		return s.errorResponse(c, err)
	}
	return ok(nil)
}

func notificationDismissAll(s *Server, ctx context.Context, c *call, _ []int64) Response {
	if err := s.Subscriptions.DismissAll(ctx, c.sc); err != nil {
		return s.errorResponse(c, err)
	}
	return ok(nil)
}

// notificationReadOnly: notifications are made by the server only; the
// generic entity routes must not create a second kind of them.
func notificationReadOnly(s *Server, _ context.Context, c *call, _ []int64) Response {
	return s.methodNotAllowed(c)
}

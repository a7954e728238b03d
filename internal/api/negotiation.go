package api

import (
	"context"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/task"
)

// Negotiation (visa) tasks over HTTP, with the reference's routes. The
// rules are internal/module/task/negotiation*.go; see docs/tasks.md.
// GET /task/{id}/negotiationItems is the generic reverse-collection list.

func init() {
	routeSets = append(routeSets, map[string]handler{
		"POST /task/{id}/negotiationItems":  negotiationAddItem,
		"POST /negotiation/{id}/approve":    negotiationVisa(true),
		"POST /negotiation/{id}/reject":     negotiationVisa(false),
		"POST /negotiation/{id}/version":    negotiationAddVersion,
		"DELETE /negotiationItem/{id}":      negotiationDeleteItem,
		"POST /negotiationItemVersion/{id}": negotiationEditVersion,
	})
	for k, v := range map[string][2]string{
		task.CodeNotNegotiation: {"Задача не является согласованием", "The task is not a negotiation"},
		task.CodeVersionRated:   {"Версию уже визировали, добавьте новую", "The version has visas already; add a new one"},
	} {
		if _, ok := messages[k]; !ok {
			messages[k] = v
		}
	}
}

// negotiationAddItem serves POST /task/{id}/negotiationItems with a
// NegotiationItem whose actualVersion carries the first version's text.
func negotiationAddItem(s *Server, ctx context.Context, c *call, ids []int64) Response {
	in, res := s.input(c)
	if res != nil {
		return *res
	}
	return s.negotiationAnswer(ctx, c)(task.AddItem(ctx, s.Engine, c.sc, ids[0], in))
}

// negotiationVisa serves POST /negotiation/{id}/approve and /reject with
// a NegotiationVisa {comment?}; it answers the NegotiationItem.
func negotiationVisa(ok bool) handler {
	return func(s *Server, ctx context.Context, c *call, ids []int64) Response {
		in, res := s.input(c)
		if res != nil {
			return *res
		}
		return s.negotiationAnswer(ctx, c)(task.GiveVisa(ctx, s.Engine, c.sc, ids[0], ok, in))
	}
}

// negotiationAddVersion serves POST /negotiation/{id}/version with a
// NegotiationItemVersion {text?, attache?}; it answers the new version.
func negotiationAddVersion(s *Server, ctx context.Context, c *call, ids []int64) Response {
	in, res := s.input(c)
	if res != nil {
		return *res
	}
	return s.negotiationAnswer(ctx, c)(task.AddVersion(ctx, s.Engine, c.sc, ids[0], in))
}

// negotiationEditVersion serves POST /negotiationItemVersion/{id}: it
// stands in for the generic update, so only text and attache change.
func negotiationEditVersion(s *Server, ctx context.Context, c *call, ids []int64) Response {
	in, res := s.input(c)
	if res != nil {
		return *res
	}
	return s.negotiationAnswer(ctx, c)(task.EditVersion(ctx, s.Engine, c.sc, ids[0], in))
}

// negotiationDeleteItem serves DELETE /negotiationItem/{id}.
func negotiationDeleteItem(s *Server, ctx context.Context, c *call, ids []int64) Response {
	if err := task.DeleteItem(ctx, s.Engine, c.sc, ids[0]); err != nil {
		return s.errorResponse(c, err)
	}
	return ok(nil)
}

// negotiationAnswer encodes the record in full, as GET would.
func (s *Server) negotiationAnswer(ctx context.Context, c *call) func(*entity.Record, error) Response {
	return func(rec *entity.Record, err error) Response {
		if err != nil {
			return s.errorResponse(c, err)
		}
		return s.encodeOne(ctx, c, rec, entity.Selection{Full: true})
	}
}

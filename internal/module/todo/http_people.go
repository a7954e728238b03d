package todo

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// participants serves GET /todo/{id}/participants: the invitees with
// their answers, to whoever sees the to-do.
func (a *HTTP) participants(ctx context.Context, r *api.Request) api.Response {
	ps, res := a.invitees(ctx, r, r.IDs[0])
	if res != nil {
		return *res
	}
	out := make([]any, len(ps))
	for i, p := range ps {
		out[i] = encodeParticipant(p)
	}
	return api.OK(out)
}

// allParticipants serves GET /todo/{id}/allParticipants: its responsible
// and its invitees, as links.
func (a *HTTP) allParticipants(ctx context.Context, r *api.Request) api.Response {
	ps, res := a.invitees(ctx, r, r.IDs[0])
	if res != nil {
		return *res
	}
	rec, _ := a.Engine.Get(ctx, r.Scope(), "Todo", r.IDs[0])
	var people []value.Link
	if l, ok := rec.Links["responsible"]; ok {
		people = append(people, l)
	}
	for _, p := range ps {
		if !slices.Contains(people, p.Subject) {
			people = append(people, p.Subject)
		}
	}
	out := make([]any, len(people))
	for i, l := range people {
		out[i] = value.EncodeLink(l)
	}
	return api.OK(out)
}

// invite serves POST /todo/{id}/participants with a Participant: it adds
// one invitee (asked, or accepted when they invite themselves) and
// answers the invitees and the to-do. Who may change the to-do invites.
func (a *HTTP) invite(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	body, _ := json.Marshal(in)
	return a.rewrite(ctx, r, func(list []json.RawMessage) []json.RawMessage {
		return append(list, body)
	})
}

// uninvite serves DELETE /todo/{id}/participants/{type}/{id}.
func (a *HTTP) uninvite(typ string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		gone := value.Link{Type: typ, ID: r.IDs[1]}
		return a.rewrite(ctx, r, func(list []json.RawMessage) []json.RawMessage {
			return slices.DeleteFunc(list, func(raw json.RawMessage) bool {
				var p struct {
					Subject json.RawMessage `json:"subject"`
				}
				_ = json.Unmarshal(raw, &p)
				l, err := value.DecodeLink(p.Subject, subjectTypes)
				return err == nil && l == gone
			})
		})
	}
}

// rewrite changes a to-do's invitees through an ordinary write of
// participants, so the rights, the checks and the answers kept are the
// same as for POST /todo/{id}.
func (a *HTTP) rewrite(ctx context.Context, r *api.Request, change func([]json.RawMessage) []json.RawMessage) api.Response {
	sc, id := r.Scope(), r.IDs[0]
	var out *entity.Record
	var ps []Participant
	err := a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		if _, err := a.Engine.Get(ctx, sc, "Todo", id); err != nil {
			return err
		}
		now, err := attendees{a.Engine.DB}.participants(ctx, sc.Account, []int64{id})
		if err != nil {
			return err
		}
		list := make([]json.RawMessage, len(now[id]))
		for i, p := range now[id] {
			list[i], _ = json.Marshal(encodeParticipant(p))
		}
		body, _ := json.Marshal(change(list))
		if out, err = a.Engine.Update(ctx, sc, "Todo", id, entity.Input{"participants": body}); err != nil {
			return err
		}
		after, err := attendees{a.Engine.DB}.participants(ctx, sc.Account, []int64{id})
		ps = after[id]
		return err
	})
	if err != nil {
		return r.Fail(err)
	}
	items := make([]any, 0, len(ps)+1)
	for _, p := range ps {
		items = append(items, encodeParticipant(p))
	}
	enc, err := r.Encode(ctx, []*entity.Record{out}, entity.Selection{Full: true})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(append(items, enc...))
}

// invitees reads a visible to-do's invitees (404 for one not seen).
func (a *HTTP) invitees(ctx context.Context, r *api.Request, id int64) ([]Participant, *api.Response) {
	if _, err := a.Engine.Get(ctx, r.Scope(), "Todo", id); err != nil {
		res := r.Fail(err)
		return nil, &res
	}
	ps, err := attendees{a.Engine.DB}.participants(ctx, r.Scope().Account, []int64{id})
	if err != nil {
		res := r.Fail(err)
		return nil, &res
	}
	return ps[id], nil
}

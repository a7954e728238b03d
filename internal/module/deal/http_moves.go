package deal

import (
	"context"
	"encoding/json"
	"time"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// maxMass bounds one mass change: each deal is its own transaction, and a
// request should end in reasonable time.
const maxMass = 500

// applyTransition serves POST /deal/{id}/applyTransition, whose body is
// the ProgramTransition ({"id"} is enough). It answers the deal.
func (a *HTTP) applyTransition(ctx context.Context, r *api.Request) api.Response {
	l, err := value.DecodeLink(r.Body(), []string{"ProgramTransition"})
	if err != nil || l.ID <= 0 {
		return r.Fail(entity.Invalidf("id", entity.CodeRequired, ""))
	}
	rec, err := a.Deals.Apply(ctx, r.Scope(), r.IDs[0], l.ID)
	return a.answer(ctx, r, rec, err)
}

// statusHistory serves GET /deal/{id}/statusHistory: DealStatusHistory
// values, oldest first. Each row says the state the deal left, when and
// by whom it had entered it, and the state it entered, when, by whom.
func (a *HTTP) statusHistory(ctx context.Context, r *api.Request) api.Response {
	moves, err := a.Deals.History(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	at := func(ms int64) any {
		if ms == 0 {
			return nil
		}
		return map[string]any{"contentType": "DateTime", "value": time.UnixMilli(ms).UTC().Format("2006-01-02T15:04:05+00:00")}
	}
	who := func(l value.Link) any {
		if l.ID == 0 {
			return nil
		}
		return value.EncodeLink(l)
	}
	state := func(id int64) any {
		if id == 0 {
			return nil
		}
		return value.EncodeLink(value.Link{Type: "ProgramState", ID: id})
	}
	out := make([]any, len(moves))
	var prev Move
	for i, mv := range moves {
		out[i] = map[string]any{"contentType": "DealStatusHistory", "id": idString(mv.ID),
			"fromStatus": state(mv.From), "toStatus": state(mv.To),
			"fromStatusUpdated": at(prev.At), "toStatusUpdated": at(mv.At),
			"fromStatusUser": who(prev.User), "toStatusUser": who(mv.User)}
		prev = mv
	}
	return api.OK(out)
}

// massBody is MassActionChangeProgramState, as far as deals use it.
type massBody struct {
	ContentType string            `json:"contentType"`
	State       json.RawMessage   `json:"state"`
	Trigger     json.RawMessage   `json:"trigger"`
	Entities    []json.RawMessage `json:"entities"`
	Filter      json.RawMessage   `json:"filter"`
	Query       string            `json:"query"`
	Excluded    []json.RawMessage `json:"excludedEntities"`
}

// massAction serves POST /deal/massAction with a
// MassActionChangeProgramState or MassActionApplyTrigger body naming the
// deals in entities, or choosing them by filter and query as the deal
// list would. It answers a MassActionResult per deal.
func (a *HTTP) massAction(ctx context.Context, r *api.Request) api.Response {
	var b massBody
	if json.Unmarshal(r.Body(), &b) != nil {
		return r.Fail(entity.Invalidf("state", entity.CodeRequired, ""))
	}
	if b.ContentType == "MassActionCreateConsignment" && a.Consignments != nil {
		return a.Consignments(ctx, r)
	}
	trigger := b.ContentType == "MassActionApplyTrigger"
	if b.ContentType != "" && b.ContentType != "MassActionChangeProgramState" && !trigger {
		return r.FieldFail("contentType", CodeMassType)
	}
	target, raw, typ := "state", b.State, "ProgramState"
	if trigger {
		target, raw, typ = "trigger", b.Trigger, "ProgramTrigger"
	}
	st, err := value.DecodeLink(raw, []string{typ})
	if err != nil || st.ID <= 0 {
		return r.Fail(entity.Invalidf(target, entity.CodeRequired, ""))
	}
	if len(b.Entities) > maxMass {
		return r.Fail(entity.Invalidf("entities", value.CodeRange, ""))
	}
	skip := map[int64]bool{}
	for _, raw := range b.Excluded {
		if l, err := value.DecodeLink(raw, []string{"Deal"}); err == nil {
			skip[l.ID] = true
		}
	}
	var ids []int64
	if len(b.Entities) == 0 {
		if b.Filter == nil && b.Query == "" {
			return r.Fail(entity.Invalidf("entities", entity.CodeRequired, ""))
		}
		chosen, err := a.chosen(ctx, r, b, skip)
		if err != nil {
			return r.Fail(err)
		}
		ids = chosen
	}
	for _, raw := range b.Entities {
		l, err := value.DecodeLink(raw, []string{"Deal"})
		if err != nil || l.ID <= 0 {
			return r.Fail(entity.Invalidf("entities", entity.CodeLinkNotFound, "Deal"))
		}
		if !skip[l.ID] {
			ids = append(ids, l.ID)
		}
	}
	if _, err := a.Engine.Get(ctx, r.Scope(), typ, st.ID); err != nil {
		return r.Fail(entity.Invalidf(target, entity.CodeLinkNotFound, typ))
	}
	var results []Result
	if trigger {
		results, err = a.Deals.MassTrigger(ctx, r.Scope(), st.ID, ids)
	} else {
		results, err = a.Deals.MassChange(ctx, r.Scope(), st.ID, ids)
	}
	if err != nil {
		return r.Fail(err)
	}
	say := func(code string) string { return r.Message(code) }
	out := make([]any, len(results))
	for i, res := range results {
		out[i] = map[string]any{"contentType": "MassActionResult", "isSucceed": res.Moved,
			"entity":  value.EncodeLink(value.Link{Type: "Deal", ID: res.Deal}),
			"message": res.Message(r.Lang(), say)}
	}
	return api.OK(out)
}

// states serves GET /program/{id}/states (every state, in order) and
// /program/{id}/entryPoints (those a deal may start in).
func (a *HTTP) states(entryOnly bool) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		if _, err := a.Engine.Get(ctx, r.Scope(), "Program", r.IDs[0]); err != nil {
			return r.Fail(err)
		}
		proc, err := LoadProcess(ctx, a.Engine, r.Scope().Account, r.IDs[0])
		if err != nil {
			return r.Fail(err)
		}
		var ids []int64
		for _, s := range proc.States {
			if s.IsEntry || !entryOnly {
				ids = append(ids, s.ID)
			}
		}
		recs, err := a.Engine.GetMany(ctx, r.Scope(), "ProgramState", ids)
		if err != nil {
			return r.Fail(err)
		}
		byID := map[int64]*entity.Record{}
		for _, rec := range recs {
			byID[rec.ID] = rec
		}
		ordered := make([]*entity.Record, 0, len(recs))
		for _, id := range ids {
			if rec := byID[id]; rec != nil {
				ordered = append(ordered, rec)
			}
		}
		list, err := r.Encode(ctx, ordered, entity.Selection{Full: true})
		if err != nil {
			return r.Fail(err)
		}
		return api.OK(list)
	}
}

// chosen are the ids of the deals a filter and query select for the
// caller (the deal list's own conditions), less the excluded; more than
// maxMass is refused rather than cut short.
func (a *HTTP) chosen(ctx context.Context, r *api.Request, b massBody, skip map[int64]bool) ([]int64, error) {
	lq := entity.ListQuery{Q: b.Query, Limit: maxMass, Fields: []string{"name"}}
	if b.Filter != nil && string(b.Filter) != "null" {
		lq.Filter = b.Filter
	}
	page, err := a.Engine.List(ctx, r.Scope(), "Deal", lq, r.Options())
	if err != nil {
		return nil, err
	}
	if page.HasMoreNext {
		return nil, entity.Invalidf("filter", value.CodeRange, "")
	}
	var ids []int64
	for _, rec := range page.Records {
		if !skip[rec.ID] {
			ids = append(ids, rec.ID)
		}
	}
	return ids, nil
}

// programFields answers the extra fields a program's deals have: the
// program's own and the unowned ones, each with its owner.
func (a *HTTP) programFields(ctx context.Context, r *api.Request) api.Response {
	if _, err := a.Engine.Get(ctx, r.Scope(), "Program", r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	list, err := a.Engine.ExtraFields(ctx, r.Scope(), "Deal")
	if err != nil {
		return r.Fail(err)
	}
	return api.ExtraFieldList(list.ForOwner(&value.Link{Type: "Program", ID: r.IDs[0]}))
}

package todo

import (
	"context"
	"slices"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// todoRights are the reference's TodoRights booleans, each exactly one
// act_* of possibleActions, so the object never says more than the
// actions allow.
var todoRights = [][2]string{{"read", "act_read"}, {"edit", "act_edit"}, {"remove", "act_delete"},
	{"finish", "act_finish"}, {"cancel", "act_cancel"}, {"renew", "act_renew"}, {"give", "act_give"},
	{"take", "act_take"}, {"acceptInvite", "act_accept_invite"}, {"rejectInvite", "act_reject_invite"}}

// fillRights answers the rights object from the page's possibleActions
// (reused when the read computed them, asked once for the page if not).
func (h hooks) fillRights(ctx context.Context, sc entity.Scope, recs []*entity.Record, _ map[string]bool) error {
	if h.e.Policy == nil || sc.System {
		return nil
	}
	var acts map[int64][]string
	for _, rec := range recs {
		list, ok := rec.Computed["possibleActions"].([]string)
		if !ok {
			acts = h.e.Policy.PossibleActions(ctx, sc, recs)
			break
		}
		if acts == nil {
			acts = map[int64][]string{}
		}
		acts[rec.ID] = list
	}
	for _, rec := range recs {
		out := map[string]any{"contentType": "TodoRights", "id": strconv.FormatInt(rec.ID, 10)}
		for _, r := range todoRights {
			out[r[0]] = slices.Contains(acts[rec.ID], r[1])
		}
		rec.SetComputed("rights", out)
	}
	return nil
}

// fillSchedule answers a to-do's schedule: the rule of the series it is
// in, as a Schedule whose id is the series' (its first to-do's); null
// for a to-do that does not repeat.
func (h hooks) fillSchedule(ctx context.Context, sc entity.Scope, recs []*entity.Record, _ map[string]bool) error {
	t := h.e.Cat.Type("Schedule")
	for _, rec := range recs {
		sid, err := h.att.seriesOf(ctx, sc.Account, rec.ID)
		if err != nil {
			return err
		}
		var s *series
		if sid != 0 {
			if s, err = h.att.loadSeries(ctx, sc.Account, sid); err != nil {
				return err
			}
		}
		if s == nil {
			rec.SetComputed("schedule", nil)
			continue
		}
		out := map[string]any{"contentType": "Schedule", "id": strconv.FormatInt(sid, 10)}
		for _, name := range scheduleFields {
			if v, ok := s.rule[name]; ok && v != nil {
				out[name] = t.Field(name).Kind.Encode(v, value.Options{})
			}
		}
		rec.SetComputed("schedule", out)
	}
	return nil
}

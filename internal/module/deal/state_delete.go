package deal

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// beforeStateDelete refuses to delete an entry state, or a state deals
// are in (DeleteState moves them first when told where).
func (m *Module) beforeStateDelete(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	if v, _ := rec.Values["isEntry"].(int64); v != 0 {
		return invalid("isEntry", CodeEntryDelete, "")
	}
	n, err := m.dealsIn(ctx, sc.Account, rec.ID)
	if err != nil {
		return err
	}
	if n > 0 {
		return invalid("moveTo", CodeStateHasDeals, rec.String("name"))
	}
	return nil
}

func (m *Module) dealsIn(ctx context.Context, account, state int64) (int, error) {
	var n int
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT COUNT(*) FROM e_deal
		WHERE account_id = ? AND c_state_t = 'ProgramState' AND c_state_i = ?`), account, state).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("deal: deals in state %d: %w", state, err)
	}
	return n, nil
}

// DeleteState deletes a state of a process in one transaction: its deals
// first go to moveTo (another state of the program; 0: none may be in
// it), each with a status history row in the caller's name, and the
// transitions into and out of it go with it. Moving is the
// administrator's reshaping of the process, not a transition: no rule is
// checked and no trigger runs.
func (m *Module) DeleteState(ctx context.Context, sc entity.Scope, id, moveTo int64) error {
	return m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		rec, err := m.e.Get(ctx, sc, "ProgramState", id)
		if err != nil {
			return err
		}
		if m.e.Policy != nil {
			if err := m.e.Policy.Allow(ctx, sc, entity.ActDelete, rec.Type, rec); err != nil {
				return err
			}
		}
		if err := m.reshape(ctx, sc, rec, moveTo); err != nil {
			return err
		}
		return m.e.Delete(ctx, sc, "ProgramState", id)
	})
}

// reshape moves a state's deals to moveTo and drops its transitions.
func (m *Module) reshape(ctx context.Context, sc entity.Scope, rec *entity.Record, moveTo int64) error {
	if v, _ := rec.Values["isEntry"].(int64); v != 0 {
		return invalid("isEntry", CodeEntryDelete, "")
	}
	proc, err := LoadProcess(ctx, m.e, sc.Account, rec.Links["program"].ID)
	if err != nil {
		return err
	}
	sys := entity.Scope{Account: sc.Account, Actor: sc.Actor, System: true, Lang: sc.Lang}
	if moveTo != 0 {
		to := proc.State(moveTo)
		if to == nil || moveTo == rec.ID {
			return invalid("moveTo", CodeNotInProgram, "")
		}
		ids, err := m.dealIDs(ctx, m.e.DB.Dialect.Rebind(`SELECT id FROM e_deal WHERE account_id = ?
			AND c_state_t = 'ProgramState' AND c_state_i = ? ORDER BY id`), sc.Account, rec.ID)
		if err != nil {
			return err
		}
		for _, d := range ids {
			deal, err := m.e.Get(ctx, sys, "Deal", d)
			if err != nil {
				return err
			}
			c := entity.NewChange(sys, deal.Type, deal)
			c.Links["state"] = &value.Link{Type: "ProgramState", ID: to.ID}
			c.Values["result"], c.Values["stateTimeUpdated"] = to.Type, m.e.Now().UnixMilli()
			// No trigger runs on a reshaping move, system ones included.
			if _, err := m.e.Save(asMachine(context.WithValue(ctx, systemKey{}, true)), c); err != nil {
				return err
			}
			if err := m.record(ctx, sc, d, rec.ID, to.ID); err != nil {
				return err
			}
		}
	}
	for _, t := range proc.allTransitions(rec.ID) {
		if err := m.e.Delete(ctx, sys, "ProgramTransition", t); err != nil {
			return err
		}
	}
	return nil
}

// allTransitions are the ids of the transitions into or out of a state.
func (p *Process) allTransitions(state int64) []int64 {
	var out []int64
	for _, t := range p.Transitions {
		if t.From == state || t.To == state {
			out = append(out, t.ID)
		}
	}
	return out
}

// deleteState serves DELETE /programState/{id}?moveTo={stateId}: the
// state is deleted, its deals moved to moveTo first (refused while deals
// are in it and moveTo is not given).
func (a *HTTP) deleteState(ctx context.Context, r *api.Request) api.Response {
	var moveTo int64
	if raw, given := r.Query("moveTo"); given {
		// A number, a string of one, or the ProgramState itself.
		l, err := value.DecodeLink(raw, []string{"ProgramState"})
		if err != nil || l.ID <= 0 {
			return r.Fail(entity.Invalidf("moveTo", entity.CodeBadParam, ""))
		}
		moveTo = l.ID
	}
	if err := a.Deals.DeleteState(ctx, r.Scope(), r.IDs[0], moveTo); err != nil {
		return r.Fail(err)
	}
	return api.OK(nil)
}

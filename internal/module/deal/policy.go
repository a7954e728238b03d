package deal

import (
	"context"
	"log/slog"
	"slices"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
)

// Policy puts rights per state (state_rights.go) into a deal's
// possibleActions: act_edit is left out for who may not change the deal
// in its state. Writes are refused by the Deal hook itself, which sees
// what a save changes; Allow passes on, so a transition or a button
// trigger, judged by its own allowed, is not refused by the state.
type Policy struct {
	entity.Policy
	M *Module
}

var _ entity.Policy = (*Policy)(nil)

// Guard wraps a policy with rights per state.
func (m *Module) Guard(inner entity.Policy) *Policy { return &Policy{Policy: inner, M: m} }

// PossibleActions drops act_edit from the deals whose state the reader
// may not change them in, reading the page's states' rights at once.
func (p *Policy) PossibleActions(ctx context.Context, sc entity.Scope, recs []*entity.Record) map[int64][]string {
	out := p.Policy.PossibleActions(ctx, sc, recs)
	if sc.Admin || sc.System || len(recs) == 0 || recs[0].Type.Name != "Deal" {
		return out
	}
	var states []int64
	for _, rec := range recs {
		if st, ok := rec.Links["state"]; ok && !slices.Contains(states, st.ID) {
			states = append(states, st.ID)
		}
	}
	rights, err := p.M.loadStateRights(ctx, sc.Account, states)
	if err != nil {
		// possibleActions cannot fail; the save itself still refuses.
		slog.Error("deal: state rights for possibleActions", "err", err)
		return out
	}
	dept := &readerDept{}
	for _, rec := range recs {
		st, ok := rec.Links["state"]
		if !ok || rights[st.ID] == nil || !rights[st.ID].restricts() {
			continue
		}
		may, err := p.M.mayEditIn(ctx, sc, rec, rights[st.ID], dept)
		if err != nil {
			slog.Error("deal: state rights for possibleActions", "deal", rec.ID, "err", err)
		}
		if !may {
			out[rec.ID] = slices.DeleteFunc(out[rec.ID], func(a string) bool { return a == "act_edit" })
		}
	}
	return out
}

// SeenThrough passes on the wrapped rights' answer.
func (p *Policy) SeenThrough(sc entity.Scope, t *catalog.Type) string {
	if th, ok := p.Policy.(entity.Through); ok {
		return th.SeenThrough(sc, t)
	}
	return ""
}

// Needs passes on the fields the wrapped rights read from records.
func (p *Policy) Needs(typeName string) []string {
	if n, ok := p.Policy.(interface{ Needs(string) []string }); ok {
		return n.Needs(typeName)
	}
	return nil
}

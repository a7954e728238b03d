package deal

import (
	"context"
	"net/http"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// HTTP is the deals area's routes: the reference's /deal and /program
// calls over this package's rules. See docs/deal.md.
type HTTP struct {
	Engine *entity.Engine
	Deals  *Module
	// Consignments serves POST /deal/massAction with a
	// MassActionCreateConsignment body (the stock area's), when wired.
	Consignments api.Handler
}

// Routes registers the area's routes and error wording.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("POST /deal/{id}/applyTransition", a.applyTransition)
	rt.Handle("GET /deal/{id}/statusHistory", a.statusHistory)
	rt.Handle("POST /deal/massAction", a.massAction)
	rt.Handle("GET /program/{id}/states", a.states(false))
	rt.Handle("GET /program/{id}/entryPoints", a.states(true))
	rt.Handle("GET /program/{id}/fields", a.programFields)
	rt.Handle("POST /deal/{id}/applyTrigger", a.applyTrigger)
	rt.Handle("GET /deal/{id}/possibleTriggers", a.possibleTriggers)
	rt.Handle("GET /program/{id}/triggers", a.programTriggers)
	rt.Handle("GET /triggerLogSet/{id}", a.triggerLogSet)
	rt.Handle("DELETE /programState/{id}", a.deleteState)
	rt.Handle("GET /deal/{id}/triggerLogSets", a.dealTriggerLogSets)
	a.byProgramRoutes(rt)
	rt.Messages(Wording)
}

// answer is a deal after a rule, as GET answers it, or the rule's error:
// a refusal is a 422 with one entry per reason.
func (a *HTTP) answer(ctx context.Context, r *api.Request, rec *entity.Record, err error) api.Response {
	if ref, ok := AsRefused(err); ok {
		return refusal(r, ref.Reasons)
	}
	if err != nil {
		return r.Fail(err)
	}
	sel, err := r.Selection(true)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, sel)
}

func refusal(r *api.Request, reasons []Reason) api.Response {
	res := api.Response{Status: http.StatusUnprocessableEntity}
	for _, reason := range reasons {
		res.Errors = append(res.Errors, api.ErrorEntry{Field: reason.Field, Message: reason.Text(r.Lang()), Type: reason.Code})
	}
	return res
}

package staff

import (
	"context"
	"errors"
	"net/http"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/value"
)

// peopleFireJobRetry answers POST /fireJob/{id}/retry (an Artel
// addition): a finished dismissal job whose report lists failures runs
// again over what is still the dismissed person's in the planned areas,
// each object whole or not at all as in the first run, with progress over
// the socket to whoever retries. A body like fireJob's names other
// replacements (the first one may have been the cause); without one the
// plan stays. What moved before stays in the report; its failures are
// replaced by the new run's.
func (a *HTTP) peopleFireJobRetry(ctx context.Context, r *api.Request) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	if a.Jobs == nil {
		return r.NotFound()
	}
	sc := r.Scope()
	j, err := a.Jobs.Get(ctx, sc.Account, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	plan := j.Plan
	if len(r.Body()) > 0 && string(r.Body()) != "{}" {
		p, res := a.firePlan(r, j.Employee)
		if res != nil {
			return *res
		}
		plan = p
	}
	for _, id := range uniqueIDs(plan) {
		err := a.peopleCheckReplacement(ctx, r, value.Link{Type: "Employee", ID: id})
		var ref *peopleRefusal
		if errors.As(err, &ref) {
			return ref.res
		}
		if err != nil {
			return r.Fail(err)
		}
	}
	ok, err := a.Jobs.reopen(ctx, j, sc.Actor.ID, plan)
	if err != nil {
		return r.Fail(err)
	}
	if !ok {
		return api.Response{Status: http.StatusUnprocessableEntity, Errors: []api.ErrorEntry{
			{Type: "fire_job_no_failures", Message: r.Message("fire_job_no_failures")}}}
	}
	a.Jobs.Start(sc.Account, j.ID)
	j, err = a.Jobs.Get(ctx, sc.Account, j.ID)
	if err != nil {
		return r.Fail(err)
	}
	return api.Response{Status: http.StatusAccepted, Data: j.Encode()}
}

func uniqueIDs(plan map[string]int64) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, id := range plan {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

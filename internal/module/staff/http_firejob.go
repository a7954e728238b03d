package staff

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// POST /employee/{id}/fireJob (an Artel addition): dismiss and hand the
// roles over in the background, one replacement per area:
//
//	{"newEmployee": link, "areas": {"tasks": link, "deals": link, ...}}
//
// newEmployee covers the areas not named; an area named null keeps its
// roles with the dismissed person. Answers 202 with the FireJob; its
// progress comes over the live socket and from GET /fireJob/{id}.
func (a *HTTP) peopleFireJob(ctx context.Context, r *api.Request) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	if a.Jobs == nil {
		return r.NotFound()
	}
	plan, res := a.firePlan(r, r.IDs[0])
	if res != nil {
		return *res
	}
	var jobID int64
	res2 := a.peopleAct(ctx, r, r.IDs[0], false, func(ctx context.Context, rec *entity.Record, bans map[string]bool) error {
		seen := map[int64]bool{}
		for _, id := range plan {
			if seen[id] {
				continue
			}
			seen[id] = true
			if err := a.peopleCheckReplacement(ctx, r, value.Link{Type: "Employee", ID: id}); err != nil {
				return err
			}
		}
		if err := a.Auth.Ban(ctx, r.Scope().Account, rec.Link(), auth.BanFired); err != nil {
			return err
		}
		bans[auth.BanFired] = true
		if err := a.peopleMirror(ctx, r, rec, bans); err != nil {
			return err
		}
		if err := a.peopleVacate(ctx, r.Scope(), rec); err != nil {
			return err
		}
		var err error
		jobID, err = a.Jobs.create(ctx, r.Scope().Account, rec.ID, r.Scope().Actor.ID, plan, 0)
		return err
	})
	if res2.Status != http.StatusOK {
		return res2
	}
	a.Jobs.Start(r.Scope().Account, jobID)
	j, err := a.Jobs.Get(ctx, r.Scope().Account, jobID)
	if err != nil {
		return r.Fail(err)
	}
	return api.Response{Status: http.StatusAccepted, Data: j.Encode()}
}

// firePlan reads the replacements of a fireJob body: area -> employee.
func (a *HTTP) firePlan(r *api.Request, fired int64) (map[string]int64, *api.Response) {
	var body struct {
		NewEmployee json.RawMessage            `json:"newEmployee"`
		Areas       map[string]json.RawMessage `json:"areas"`
	}
	if len(r.Body()) > 0 && json.Unmarshal(r.Body(), &body) != nil {
		res := api.Fail(http.StatusBadRequest, "malformed_json", r.Message("malformed_json"))
		return nil, &res
	}
	plan := map[string]int64{}
	link := func(field string, raw json.RawMessage) (*int64, *api.Response) {
		if len(raw) == 0 || string(raw) == "null" {
			return nil, nil
		}
		l, err := value.DecodeLink(raw, []string{"Employee"})
		if err != nil {
			bad := &entity.Invalid{}
			bad.Add(field, value.CodeType, "Employee")
			res := api.Response{Status: http.StatusUnprocessableEntity, Errors: []api.ErrorEntry{r.FieldError(bad.Errors[0])}}
			return nil, &res
		}
		if l.ID == fired {
			res := r.FieldFail(field, "self_replacement")
			return nil, &res
		}
		return &l.ID, nil
	}
	all, res := link("newEmployee", body.NewEmployee)
	if res != nil {
		return nil, res
	}
	for area, raw := range body.Areas {
		if !slices.Contains(Areas, area) {
			res := r.FieldFail("areas", "unknown_area", area)
			return nil, &res
		}
		id, res := link("areas."+area, raw)
		if res != nil {
			return nil, res
		}
		if id != nil {
			plan[area] = *id
		}
	}
	for _, area := range Areas {
		if _, named := body.Areas[area]; !named && all != nil {
			plan[area] = *all
		}
	}
	return plan, nil
}

// peopleFireJobGet answers GET /fireJob/{id}: the job, its progress and,
// when done, its report.
func (a *HTTP) peopleFireJobGet(ctx context.Context, r *api.Request) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	if a.Jobs == nil {
		return r.NotFound()
	}
	j, err := a.Jobs.Get(ctx, r.Scope().Account, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(j.Encode())
}

package deal

import (
	"context"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/crm"
)

// byProgramOwners are the reference's …/{id}/linkedDealsByProgram routes
// Artel serves, by the type whose entity the id names ("" for /contractor,
// a company or a person). /deal and /doc have none: nothing links a deal
// or a document to deals in Artel.
var byProgramOwners = map[string]string{
	"contractor":        "",
	"contractorCompany": "ContractorCompany",
	"contractorHuman":   "ContractorHuman",
	"task":              "Task",
	"todo":              "Todo",
	"project":           "Project",
	"finOperation":      "FinOperation",
}

// byProgramRoutes registers linkedDealsByProgram for each owner, and the
// to-do's other name for it (/todo/{entityId}/linkedDealsPrograms).
func (a *HTTP) byProgramRoutes(rt *api.Routes) {
	for endpoint, typ := range byProgramOwners {
		rt.Handle("GET /"+endpoint+"/{id}/linkedDealsByProgram", a.linkedByProgram(typ))
	}
	rt.Handle("GET /todo/{id}/linkedDealsPrograms", a.linkedByProgram("Todo"))
}

// linkedByProgram answers DealsByProgram[]: the entity must be one the
// reader sees (404 otherwise); filters is the reference's list of
// DealProgramsFilter and DealResultTypeFilter; limit and pageAfter (a
// program's id) page through the programs.
func (a *HTTP) linkedByProgram(typ string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		var owner *entity.Record
		var err error
		if typ == "" {
			owner, err = crm.Find(ctx, a.Engine, r.Scope(), r.IDs[0])
		} else {
			owner, err = a.Engine.Get(ctx, r.Scope(), typ, r.IDs[0])
		}
		if err != nil {
			return r.Fail(err)
		}
		raw, _ := r.TakeQuery("filters")
		f, err := ParseByProgramFilters(raw)
		if err != nil {
			return r.Fail(err)
		}
		limit, after, err := r.IDPaging()
		if err != nil {
			return r.Fail(err)
		}
		out, err := a.Deals.LinkedByProgram(ctx, r.Scope(), owner, f, after, limit)
		if err != nil {
			return r.Fail(err)
		}
		return api.OK(out)
	}
}

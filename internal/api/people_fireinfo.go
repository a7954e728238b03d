package api

import (
	"context"
	"strings"

	"github.com/artel/artel/internal/value"
)

// peopleFireInfo maps EmployeeFireInfo counters (the reference names) onto
// the role fields they count; a counter sums its fields.
var peopleFireInfo = map[string][]string{
	"responsibleTasksCount":    {"Task.responsible"},
	"ownTasksCount":            {"Task.owner"},
	"soexecTasksCount":         {"Task.executors"},
	"auditedTasksCount":        {"Task.auditors"},
	"responsibleProjectsCount": {"Project.responsible"},
	"ownProjectsCount":         {"Project.owner"},
	"soexecProjectsCount":      {"Project.executors"},
	"auditedProjectsCount":     {"Project.auditors"},
	"contractorsCount":         {"ContractorHuman.responsibles", "ContractorCompany.responsibles"},
	"asManagerDealsCount":      {"Deal.manager"},
	"asAuditorDealsCount":      {"Deal.auditors"},
	"respReportsCount":         {"Report.editors", "Report.readers"},
	"availableDocsCount":       {"DocRights.user"},
}

// peoplePrepareFire answers GET /employee/{id}/prepareFire: what a
// dismissal with a replacement would move, as EmployeeFireInfo counters,
// plus "roles", every "Type.field" with its count (an Artel addition, so
// the web app can list what the reference has no counter for). department
// is null: a Department has no chief to leave vacant.
func peoplePrepareFire(s *Server, ctx context.Context, c *call, ids []int64) Response {
	if res, denied := peopleAdminOnly(c); denied {
		return res
	}
	if _, err := s.Engine.Get(ctx, c.sc, "Employee", ids[0]); err != nil {
		return s.errorResponse(c, err)
	}
	uses, err := s.peopleRoles(ctx, c.sc, value.Link{Type: "Employee", ID: ids[0]})
	if err != nil {
		return s.errorResponse(c, err)
	}
	roles := map[string]int{}
	for _, u := range uses {
		for _, f := range append(append([]string{}, u.links...), u.many...) {
			roles[u.t.Name+"."+f]++
		}
	}
	out := map[string]any{"contentType": "EmployeeFireInfo", "department": nil, "roles": roles}
	for counter, fields := range peopleFireInfo {
		n := 0
		for _, f := range fields {
			n += roles[f]
		}
		out[counter] = n
	}
	filters := 0
	for k, n := range roles {
		if strings.HasSuffix(k, "Filter.owner") {
			filters += n
		}
	}
	out["ownFilterCount"] = filters
	return ok(out)
}

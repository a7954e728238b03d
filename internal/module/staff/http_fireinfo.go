package staff

import (
	"context"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/api"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
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
// the web app can list what the reference has no counter for), and
// department, the departments the employee heads (left without chief).
func (a *HTTP) peoplePrepareFire(ctx context.Context, r *api.Request) api.Response {
	if res, denied := peopleAdminOnly(r); denied {
		return res
	}
	if _, err := a.Engine.Get(ctx, r.Scope(), "Employee", r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	uses, err := Roles(ctx, a.Engine, r.Scope(), value.Link{Type: "Employee", ID: r.IDs[0]})
	if err != nil {
		return r.Fail(err)
	}
	roles := map[string]int{}
	for _, u := range uses {
		for _, f := range u.Fields() {
			roles[f]++
		}
	}
	heads, err := a.peopleHeadOf(ctx, r, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	out := map[string]any{"contentType": "EmployeeFireInfo", "department": heads, "roles": roles}
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
	return api.OK(out)
}

// peopleVacancies lists the DepartmentVacancy posts an employee holds.
func (a *HTTP) peopleVacancies(ctx context.Context, sc entity.Scope, id int64) ([]*entity.Record, error) {
	t := a.Engine.Cat.Type("DepartmentVacancy")
	if t == nil || t.Field("employee") == nil {
		return nil, nil
	}
	col := t.Field("employee").Column
	rows, err := a.Engine.DB.Q(ctx).QueryContext(ctx, a.Engine.DB.Dialect.Rebind(fmt.Sprintf(
		"SELECT id FROM %s WHERE account_id = ? AND %s_t = ? AND %s_i = ?", t.Table, col, col)), sc.Account, "Employee", id)
	if err != nil {
		return nil, fmt.Errorf("api: vacancies: %w", err)
	}
	ids, err := store.Int64s(rows)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	return a.Engine.GetMany(ctx, sc, t.Name, ids)
}

// peopleHeadOf names the departments whose head post the employee holds,
// comma-separated as EmployeeFireInfo.department; nil when none.
func (a *HTTP) peopleHeadOf(ctx context.Context, r *api.Request, id int64) (any, error) {
	posts, err := a.peopleVacancies(ctx, r.Scope(), id)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, p := range posts {
		d, ok := p.Links["department"]
		if p.Values["isHead"] != int64(1) || !ok {
			continue
		}
		if dep, err := a.Engine.Get(ctx, r.Scope(), d.Type, d.ID); err == nil {
			names = append(names, dep.String("name"))
		}
	}
	if len(names) == 0 {
		return nil, nil
	}
	return strings.Join(names, ", "), nil
}

// peopleVacate takes a dismissed employee out of the structure: each post
// they hold becomes vacant, so a department they headed is left without
// chief (spec: dismissal may leave a department without chief) until an
// administrator appoints one. The replacement does not inherit posts, and
// taking the employee back does not restore them.
func (a *HTTP) peopleVacate(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	posts, err := a.peopleVacancies(ctx, sc, rec.ID)
	if err != nil {
		return err
	}
	for _, p := range posts {
		ch := entity.NewChange(sc, p.Type, p)
		ch.Links["employee"] = nil
		if _, err := a.Engine.Save(ctx, ch); err != nil {
			return err
		}
	}
	return nil
}

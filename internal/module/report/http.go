package report

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// HTTP is the reports' routes. See docs/report.md.
type HTTP struct {
	Engine  *entity.Engine
	Reports *Module
}

// Routes registers the built-in reports and the builder.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("GET /report/salesFunnel", a.funnel)
	rt.Handle("GET /report/salesDepartment", a.sales)
	rt.Handle("GET /report/taskEffectiveness", a.tasks)
	rt.Handle("GET /report/overdue", a.overdue)
	rt.Handle("POST /report/build", a.build)
	rt.Download("/report/export", a.export)
	a.widgetRoutes(rt)
	a.referenceRoutes(rt)
	rt.Messages(Wording)
}

// filterOf is the report's list filter, the lists' own filter terms.
func filterOf(r *api.Request) json.RawMessage {
	raw, _ := r.TakeQuery("filter")
	return raw
}

func (a *HTTP) funnel(ctx context.Context, r *api.Request) api.Response {
	if !r.Scope().Can("report_enter") {
		return r.Denied()
	}
	raw, ok := r.TakeQuery("program")
	if !ok {
		return r.Fail(entity.Invalidf("program", entity.CodeRequired, ""))
	}
	l, err := value.DecodeLink(raw, []string{"Program"})
	if err != nil || l.ID == 0 {
		return r.FieldFail("program", value.CodeType, "Program")
	}
	// A manager without deal_enter still sees the deals they manage, so
	// the program only has to exist in the account.
	sys := r.Scope()
	sys.System = true
	if _, err := a.Engine.Get(ctx, sys, "Program", l.ID); err != nil {
		return r.Fail(err)
	}
	steps, err := a.Reports.Funnel(ctx, r.Scope(), l.ID, filterOf(r), r.Options())
	if err != nil {
		return r.Fail(err)
	}
	if steps == nil {
		steps = []Step{}
	}
	return api.OK(map[string]any{"contentType": "FunnelData", "program": link("Program", l.ID, ""), "steps": steps})
}

func (a *HTTP) sales(ctx context.Context, r *api.Request) api.Response {
	if !r.Scope().Can("report_enter") {
		return r.Denied()
	}
	lines, err := a.Reports.SalesDepartment(ctx, r.Scope(), filterOf(r), r.Options())
	if err != nil {
		return r.Fail(err)
	}
	out := make([]map[string]any, len(lines))
	for i, l := range lines {
		out[i] = l.JSON()
	}
	return api.OK(out)
}

func (a *HTTP) tasks(ctx context.Context, r *api.Request) api.Response {
	if !r.Scope().Can("report_enter") {
		return r.Denied()
	}
	var byDepartment bool
	switch by := r.QueryString("by"); by {
	case "", "employee":
	case "department":
		byDepartment = true
	default:
		return r.FieldFail("by", value.CodeEnum, "employee, department")
	}
	lines, err := a.Reports.TaskEffectiveness(ctx, r.Scope(), filterOf(r), byDepartment, r.Options())
	if err != nil {
		return r.Fail(err)
	}
	out := make([]map[string]any, len(lines))
	for i, l := range lines {
		out[i] = l.JSON()
	}
	return api.OK(out)
}

func (a *HTTP) overdue(ctx context.Context, r *api.Request) api.Response {
	if !r.Scope().Can("report_enter") {
		return r.Denied()
	}
	out, err := a.Reports.Overdue(ctx, r.Scope(), r.Options())
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(out)
}

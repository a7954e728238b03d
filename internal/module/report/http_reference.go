package report

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// The reference's own report routes: the builder's sources as
// ReportObjects, the saved reports a dashboard chart can show, and a
// saved report's data as ReportChartData (docs/report.md, "Reference
// routes").
func (a *HTTP) referenceRoutes(rt *api.Routes) {
	rt.Handle("GET /report/object", a.objects)
	rt.Handle("GET /report/object/forDesktop", a.objects)
	// Routes take numeric ids only: one route per source names it.
	for _, source := range Sources {
		rt.Handle("GET /report/object/"+source, a.object(source))
	}
	rt.Handle("GET /report/forDesktop", a.forDesktop)
	rt.Handle("GET /report/{id}/data", a.data)
}

func (a *HTTP) objects(_ context.Context, r *api.Request) api.Response {
	if !r.Scope().Can("report_enter") {
		return r.Denied()
	}
	out := make([]map[string]any, len(Sources))
	for i, s := range Sources {
		out[i] = a.Reports.Object(s, r.Lang())
	}
	return api.OK(out)
}

func (a *HTTP) object(source string) api.Handler {
	return func(_ context.Context, r *api.Request) api.Response {
		if !r.Scope().Can("report_enter") {
			return r.Denied()
		}
		return api.OK(a.Reports.Object(source, r.Lang()))
	}
}

// forDesktop lists the saved reports the reader sees that group their
// lines (a chart needs groups), newest first, of one source when type
// names it.
func (a *HTTP) forDesktop(ctx context.Context, r *api.Request) api.Response {
	if !r.Scope().Can("report_enter") {
		return r.Denied()
	}
	source := r.QueryString("type")
	page, err := a.Engine.List(ctx, r.Scope(), "Report", entity.ListQuery{Limit: entity.MaxLimit}, r.Options())
	if err != nil {
		return r.Fail(err)
	}
	var recs []*entity.Record
	for _, rec := range page.Records {
		c, ok := configOf(rec)
		if ok && len(c.Grouping) > 0 && c.Grouping[0].Name != "" && (source == "" || c.EntityType == source) {
			recs = append(recs, rec)
		}
	}
	sel, err := r.Selection(false)
	if err != nil {
		return r.Fail(err)
	}
	out, err := r.Encode(ctx, recs, sel)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(out)
}

// data runs a saved report the reader sees, under the reader's rights.
func (a *HTTP) data(ctx context.Context, r *api.Request) api.Response {
	if !r.Scope().Can("report_enter") {
		return r.Denied()
	}
	rec, err := a.Engine.Get(ctx, r.Scope(), "Report", r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	c, ok := configOf(rec)
	if !ok {
		return r.Fail(entity.Invalidf("config", CodeUnknownSource, ""))
	}
	table, err := a.Reports.Build(ctx, r.Scope(), &c, r.Options())
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(ChartData(strconv.FormatInt(rec.ID, 10), c.EntityType, table))
}

// configOf reads a saved report's ReportConfig, stored as JSON.
func configOf(rec *entity.Record) (Config, bool) {
	var raw []byte
	switch v := rec.Values["config"].(type) {
	case string:
		raw = []byte(v)
	case json.RawMessage:
		raw = v
	case []byte:
		raw = v
	default:
		raw, _ = json.Marshal(v)
	}
	var c Config
	return c, json.Unmarshal(raw, &c) == nil && c.EntityType != ""
}

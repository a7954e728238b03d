package report

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// build serves POST /report/build with a ReportConfig: the report, run
// for the caller, without saving it. A saved Report (the generic
// /report entity) keeps the same config.
func (a *HTTP) build(ctx context.Context, r *api.Request) api.Response {
	if !r.Scope().Can("report_enter") {
		return r.Denied()
	}
	if _, res := r.Input(); res != nil {
		return *res
	}
	var c Config
	if json.Unmarshal(r.Body(), &c) != nil {
		return r.FieldFail("config", value.CodeType, "ReportConfig")
	}
	table, err := a.Reports.Build(ctx, r.Scope(), &c, r.Options())
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(table)
}

// export serves GET /report/export?{"config": ReportConfig, "format":
// "csv"|"xlsx", "title": "..."}: the built report as a file to download.
func (a *HTTP) export(w http.ResponseWriter, hr *http.Request, r *api.Request) {
	write := func(res api.Response) { res.Write(w) }
	if !r.Scope().Can("report_enter") {
		write(r.Denied())
		return
	}
	var c Config
	raw, ok := r.Query("config")
	if !ok || json.Unmarshal(raw, &c) != nil {
		write(r.Fail(entity.Invalidf("config", entity.CodeRequired, "")))
		return
	}
	format := strings.ToLower(r.QueryString("format"))
	if format != "csv" && format != "xlsx" {
		write(r.Fail(entity.Invalidf("format", CodeBadFormat, format)))
		return
	}
	table, err := a.Reports.Build(hr.Context(), r.Scope(), &c, r.Options())
	if err != nil {
		write(r.Fail(err))
		return
	}
	title := r.QueryString("title")
	if title == "" {
		title = "report"
	}
	var data []byte
	var ctype string
	if format == "csv" {
		data, err = CSV(table)
		ctype = "text/csv; charset=utf-8"
	} else {
		data, err = XLSX(table, title)
		ctype = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	}
	if err != nil {
		write(r.Fail(err))
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", `attachment; filename="report.`+format+`"`)
	_, _ = w.Write(data)
}

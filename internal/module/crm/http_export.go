package crm

import (
	"context"
	"encoding/json"
	"time"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Uploader keeps a generated file as a File the reader may download
// (internal/module/file's Files).
type Uploader interface {
	Upload(ctx context.Context, sc entity.Scope, name, sentType string, data []byte) (*entity.Record, error)
}

// export serves GET /crmFilter/export?{"filter", "query", "fields",
// "format"}: the clients the filter and search find, as a CSV File (or
// XLSX, format "xlsx", Artel's own parameter); the answer is a
// FilterExport naming it (download it at /file/{id}/download). The file
// is made at once; a very large list takes as long as reading it.
func (a *HTTP) export(ctx context.Context, r *api.Request) api.Response {
	var fields []string
	if raw, ok := r.TakeQuery("fields"); ok && string(raw) != "null" && json.Unmarshal(raw, &fields) != nil {
		return r.FieldFail("fields", value.CodeType, "string[]")
	}
	var q string
	if raw, ok := r.TakeQuery("query"); ok && string(raw) != "null" && json.Unmarshal(raw, &q) != nil {
		return r.FieldFail("query", value.CodeType, "string")
	}
	format := FormatCSV
	if raw, ok := r.TakeQuery("format"); ok && string(raw) != "null" {
		if json.Unmarshal(raw, &format) != nil || (format != FormatCSV && format != FormatXLSX) {
			return r.FieldFail("format", value.CodeEnum, FormatCSV+", "+FormatXLSX)
		}
	}
	lq, err := r.ListQuery(Human)
	if err != nil {
		return r.Fail(err)
	}
	if q != "" {
		lq.Q = q
	}
	data, err := Export(ctx, a.Engine, r.Scope(), lq, fields, r.Lang(), format)
	if err != nil {
		return r.Fail(err)
	}
	name, kind := "clients-"+time.Now().UTC().Format("2006-01-02")+"."+format, "text/csv"
	if format == FormatXLSX {
		kind = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	}
	rec, err := a.Files.Upload(ctx, r.Scope(), name, kind, data)
	if err != nil {
		return r.Fail(err)
	}
	file, err := r.Encode(ctx, []*entity.Record{rec}, entity.Selection{Full: true})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"contentType": "FilterExport", "file": file[0]})
}

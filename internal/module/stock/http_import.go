package stock

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// FileOpener reads an uploaded File's bytes as the reader may
// (internal/module/file's Files).
type FileOpener interface {
	Open(ctx context.Context, sc entity.Scope, id int64) (*entity.Record, []byte, error)
}

// importRoutes are the reference's offer import sessions.
func (a *HTTP) importRoutes(rt *api.Routes) {
	rt.Handle("GET /offerImport", a.importList)
	rt.Handle("POST /offerImport", a.importOpen)
	rt.Handle("GET /offerImport/{id}", a.importGet)
	rt.Handle("POST /offerImport/{id}", a.importUpdate)
	rt.Handle("DELETE /offerImport/{id}", a.importDelete)
	for _, which := range []string{"rows", "errorRows", "invalidatedRows", "incorrectDataRows"} {
		rt.Handle("GET /offerImport/{id}/"+which, a.importRows(which))
	}
	rt.Handle("GET /offerImport/{id}/columns", a.importColumns)
	rt.Handle("GET /importColumn/{id}", a.columnGet)
	rt.Handle("POST /importColumn/{id}", a.columnSet)
	rt.Handle("GET /importRow/{id}", a.rowGet)
	rt.Handle("POST /importRow/{id}", a.rowSet)
}

func (a *HTTP) importList(ctx context.Context, r *api.Request) api.Response {
	ss, err := a.Stock.Imports(ctx, r.Scope(), entity.DefaultLimit)
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = sessionJSON(s, r.Lang())
	}
	return api.OK(out)
}

// importOpen starts a session from a multipart part `file`, or from an
// uploaded File named by `file` in the body.
func (a *HTTP) importOpen(ctx context.Context, r *api.Request) api.Response {
	if !r.Scope().Can("offer_add") {
		return r.Denied()
	}
	var name string
	var data []byte
	if fs := r.Files(); len(fs) == 1 {
		name, data = fs[0].Name, fs[0].Data
	} else if raw, ok := param(r, "file"); ok && a.Files != nil {
		l, err := value.DecodeLink(raw, []string{"File"})
		if err != nil || l.ID <= 0 {
			return r.Fail(entity.Invalidf("file", entity.CodeLinkNotFound, ""))
		}
		rec, bytes, err := a.Files.Open(ctx, r.Scope(), l.ID)
		if err != nil {
			return r.Fail(entity.Invalidf("file", entity.CodeLinkNotFound, ""))
		}
		name, data = rec.String("name"), bytes
	} else {
		return r.Fail(entity.Invalidf("file", entity.CodeRequired, ""))
	}
	s, err := a.Stock.OpenImport(ctx, r.Scope(), name, data)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(sessionJSON(s, r.Lang()))
}

func (a *HTTP) importGet(ctx context.Context, r *api.Request) api.Response {
	s, err := a.Stock.LoadImport(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(sessionJSON(s, r.Lang()))
}

// importUpdate takes `columns` (ImportColumn: index or id, fieldName),
// `includeAllRows`, `warehouse`, `isPriceWithoutTax`, and `status`
// "saving" (or "saved") to run.
func (a *HTTP) importUpdate(ctx context.Context, r *api.Request) api.Response {
	s, err := a.Stock.LoadImport(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	var body struct {
		Columns []struct {
			ID        json.RawMessage `json:"id"`
			Index     *int            `json:"index"`
			FieldName *string         `json:"fieldName"`
		} `json:"columns"`
		IncludeAllRows    *bool           `json:"includeAllRows"`
		Warehouse         json.RawMessage `json:"warehouse"`
		IsPriceWithoutTax *bool           `json:"isPriceWithoutTax"`
		Status            *string         `json:"status"`
	}
	if json.Unmarshal(r.Body(), &body) != nil {
		return api.Fail(400, "malformed_json", r.Message("malformed_json"))
	}
	set := ImportSettings{Fields: map[int]string{}, AllRows: body.IncludeAllRows, WithoutTax: body.IsPriceWithoutTax}
	for i, c := range body.Columns {
		idx := -1
		if c.Index != nil {
			idx = *c.Index
		} else if n, ok := columnIndex(c.ID, s.ID); ok {
			idx = n
		}
		if idx < 0 || c.FieldName == nil {
			return r.Fail(entity.Invalidf("columns."+strconv.Itoa(i), CodeImportField, ""))
		}
		set.Fields[idx] = *c.FieldName
	}
	if len(body.Warehouse) > 0 {
		var w int64
		if string(body.Warehouse) != "null" {
			l, err := value.DecodeLink(body.Warehouse, []string{"Warehouse"})
			if err != nil || l.ID <= 0 {
				return r.Fail(entity.Invalidf("warehouse", entity.CodeLinkNotFound, ""))
			}
			w = l.ID
		}
		set.Warehouse = &w
	}
	if body.Status != nil && *body.Status != ImportSaving && *body.Status != ImportSaved {
		return r.Fail(entity.Invalidf("status", CodeImportState, ""))
	}
	if len(set.Fields) > 0 || set.AllRows != nil || set.Warehouse != nil || set.WithoutTax != nil {
		if err := a.Stock.MapImport(ctx, r.Scope(), s, set); err != nil {
			return r.Fail(err)
		}
	}
	if body.Status != nil {
		if err := a.Stock.RunImport(ctx, r.Scope(), s); err != nil {
			return r.Fail(err)
		}
	}
	return api.OK(sessionJSON(s, r.Lang()))
}

func (a *HTTP) importDelete(ctx context.Context, r *api.Request) api.Response {
	s, err := a.Stock.LoadImport(ctx, r.Scope(), r.IDs[0])
	if err == nil {
		err = a.Stock.DeleteImport(ctx, r.Scope(), s)
	}
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(nil)
}

func (a *HTTP) importColumns(ctx context.Context, r *api.Request) api.Response {
	s, err := a.Stock.LoadImport(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(columnsJSON(s))
}

// importRows pages a session's rows (limit, pageAfter: the last row's
// index): all of them, or those that will not be loaded.
func (a *HTTP) importRows(which string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		s, err := a.Stock.LoadImport(ctx, r.Scope(), r.IDs[0])
		if err != nil {
			return r.Fail(err)
		}
		limit, after, err := r.IDPaging()
		if err != nil {
			return r.Fail(err)
		}
		out := []any{}
		for _, row := range s.Check(r.Lang()) {
			if int64(row.Index) <= after || (which != "rows" && row.OK) {
				continue
			}
			if len(out) == limit {
				break
			}
			out = append(out, rowJSON(s, row))
		}
		return api.OK(out)
	}
}

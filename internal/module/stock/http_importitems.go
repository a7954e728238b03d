package stock

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// The reference's /importColumn/{id} and /importRow/{id}: one column or
// row of an offer import session, read or changed through its session
// (its id carries the session: importedit.go).

// column is the session and index an /importColumn id names.
func (a *HTTP) column(ctx context.Context, r *api.Request) (*Import, int, error) {
	sid, idx := splitID(r.IDs[0], colSpan)
	s, err := a.Stock.LoadImport(ctx, r.Scope(), sid)
	if err != nil {
		return nil, 0, err
	}
	if idx >= len(s.Mapping) {
		return nil, 0, entity.ErrNotFound
	}
	return s, idx, nil
}

func (a *HTTP) columnGet(ctx context.Context, r *api.Request) api.Response {
	s, idx, err := a.column(ctx, r)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(columnsJSON(s)[idx])
}

// columnSet maps the column to the body's fieldName ("" for none).
func (a *HTTP) columnSet(ctx context.Context, r *api.Request) api.Response {
	s, idx, err := a.column(ctx, r)
	if err != nil {
		return r.Fail(err)
	}
	var body struct {
		FieldName *string `json:"fieldName"`
	}
	if json.Unmarshal(r.Body(), &body) != nil {
		return api.Fail(400, "malformed_json", r.Message("malformed_json"))
	}
	if body.FieldName != nil {
		set := ImportSettings{Fields: map[int]string{idx: *body.FieldName}}
		if err := a.Stock.MapImport(ctx, r.Scope(), s, set); err != nil {
			return r.Fail(err)
		}
	}
	return api.OK(columnsJSON(s)[idx])
}

// row is the session and data row (from 1) an /importRow id names.
func (a *HTTP) row(ctx context.Context, r *api.Request) (*Import, int, error) {
	sid, idx := splitID(r.IDs[0], rowSpan)
	s, err := a.Stock.LoadImport(ctx, r.Scope(), sid)
	if err != nil {
		return nil, 0, err
	}
	if idx < 1 || idx >= len(s.Cells) {
		return nil, 0, entity.ErrNotFound
	}
	return s, idx, nil
}

func (a *HTTP) rowGet(ctx context.Context, r *api.Request) api.Response {
	s, idx, err := a.row(ctx, r)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(rowJSON(s, s.Check(r.Lang())[idx-1]))
}

// rowSet takes `included` and `cells` (ImportCell: columnIndex, hrValue)
// correcting the row's text; the row is checked again.
func (a *HTTP) rowSet(ctx context.Context, r *api.Request) api.Response {
	s, idx, err := a.row(ctx, r)
	if err != nil {
		return r.Fail(err)
	}
	var body struct {
		Included *bool `json:"included"`
		Cells    []struct {
			ColumnIndex *int    `json:"columnIndex"`
			HrValue     *string `json:"hrValue"`
		} `json:"cells"`
	}
	if json.Unmarshal(r.Body(), &body) != nil {
		return api.Fail(400, "malformed_json", r.Message("malformed_json"))
	}
	cells := map[int]string{}
	for i, c := range body.Cells {
		if c.ColumnIndex == nil || c.HrValue == nil {
			return r.Fail(entity.Invalidf("cells."+strconv.Itoa(i), entity.CodeRequired, ""))
		}
		cells[*c.ColumnIndex] = *c.HrValue
	}
	if err := a.Stock.SetImportRow(ctx, s, idx, body.Included, cells); err != nil {
		return r.Fail(err)
	}
	return api.OK(rowJSON(s, s.Check(r.Lang())[idx-1]))
}

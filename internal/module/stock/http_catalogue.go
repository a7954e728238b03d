package stock

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// catalogueRoutes are the catalogue's CSV export and import. The
// reference's import runs in sessions (offerImport) with column mapping;
// this is the plain file both ways (docs/stock.md, "Import and export").
func (a *HTTP) catalogueRoutes(rt *api.Routes) {
	rt.Download("/offer/export", a.export)
	rt.Handle("POST /offer/import", a.importOffers)
	rt.Handle("GET /offerFilter/export", a.filterExport)
	rt.Describe("POST /offer/import", [2]string{"Импорт товаров из CSV (multipart, часть file)", "Import offers from CSV (multipart, a part named file)"})
}

func (a *HTTP) export(w http.ResponseWriter, hr *http.Request, r *api.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="offers.csv"`)
	h.Set("X-Content-Type-Options", "nosniff")
	if err := a.Stock.Export(hr.Context(), r.Scope(), entity.ListQuery{}, w); err != nil {
		// The header may be out already; the log has the cause.
		r.Fail(err).Write(w)
	}
}

func (a *HTTP) importOffers(ctx context.Context, r *api.Request) api.Response {
	if len(r.Files()) != 1 {
		return r.Fail(entity.Invalidf("file", entity.CodeRequired, ""))
	}
	made, err := a.Stock.Import(ctx, r.Scope(), r.Files()[0].Data)
	if err != nil {
		return r.Fail(err)
	}
	out, err := r.Encode(ctx, made, entity.Selection{})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(out)
}

// Uploader keeps a generated file as a File the reader may download.
type Uploader interface {
	Upload(ctx context.Context, sc entity.Scope, name, sentType string, data []byte) (*entity.Record, error)
}

// filterExport serves GET /offerFilter/export?{"filter", "query"}: the
// offers the filter and search find, as the catalogue's CSV kept as a
// File; the answer is a FilterExport naming it (/file/{id}/download).
func (a *HTTP) filterExport(ctx context.Context, r *api.Request) api.Response {
	if a.Files == nil {
		return r.NoRoute()
	}
	r.TakeQuery("fields") // every column of the catalogue's CSV, always
	var q string
	if raw, ok := r.TakeQuery("query"); ok && string(raw) != "null" && json.Unmarshal(raw, &q) != nil {
		return r.FieldFail("query", value.CodeType, "string")
	}
	lq, err := r.ListQuery("Offer")
	if err != nil {
		return r.Fail(err)
	}
	if q != "" {
		lq.Q = q
	}
	var buf bytes.Buffer
	if err := a.Stock.Export(ctx, r.Scope(), lq, &buf); err != nil {
		return r.Fail(err)
	}
	rec, err := a.Files.Upload(ctx, r.Scope(), "offers-"+time.Now().UTC().Format("2006-01-02")+".csv", "text/csv", buf.Bytes())
	if err != nil {
		return r.Fail(err)
	}
	file, err := r.Encode(ctx, []*entity.Record{rec}, entity.Selection{Full: true})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"contentType": "FilterExport", "file": file[0]})
}

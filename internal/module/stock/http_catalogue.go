package stock

import (
	"context"
	"net/http"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// catalogueRoutes are the catalogue's CSV export and import. The
// reference's import runs in sessions (offerImport) with column mapping;
// this is the plain file both ways (docs/stock.md, "Import and export").
func (a *HTTP) catalogueRoutes(rt *api.Routes) {
	rt.Download("/offer/export", a.export)
	rt.Handle("POST /offer/import", a.importOffers)
	rt.Describe("POST /offer/import", [2]string{"Импорт товаров из CSV (multipart, часть file)", "Import offers from CSV (multipart, a part named file)"})
}

func (a *HTTP) export(w http.ResponseWriter, hr *http.Request, r *api.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="offers.csv"`)
	h.Set("X-Content-Type-Options", "nosniff")
	if err := a.Stock.Export(hr.Context(), r.Scope(), w); err != nil {
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

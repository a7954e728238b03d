package stock

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// HTTP is the stock area's routes: consignment writes (with rows and
// state), movement, balances, the deficit list and consignments made
// from deals. Reads and lists of consignments, warehouses and offers are
// the generic ones. See docs/stock.md.
type HTTP struct {
	Engine *entity.Engine
	Stock  *Module
	// Files keeps the filtered export's file and reads an import's
	// uploaded File; nil leaves both to the multipart and plain routes.
	Files interface {
		FileOpener
		Uploader
	}
}

// maxMass bounds the deals of one mass creation.
const maxMass = 500

// Routes registers the area's routes and error wording.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("POST /consignment", a.save)
	rt.Handle("POST /consignment/{id}", a.save)
	rt.Handle("DELETE /consignment/{id}", a.remove)
	rt.Handle("POST /consignment/massAction", a.Mass)
	rt.Handle("GET /consignment/prepared", a.prepared)
	rt.Handle("GET /unit", a.unitList)
	rt.Handle("POST /warehouse/{id}/moveOffers/{id}", a.move)
	rt.Handle("POST /warehouse/{id}/deficitOffers", a.deficit)
	rt.Handle("GET /offer/{id}/balances", a.offerBalances)
	rt.Handle("GET /warehouse/{id}/balances", a.warehouseBalances)
	rt.Describe("GET /warehouse/{id}/balances", [2]string{"Остатки склада по товарам", "A warehouse's balances by offer"})
	rt.Describe("POST /consignment/massAction", [2]string{"Накладные по сделкам (MassActionCreateConsignment)",
		"Consignments from deals (MassActionCreateConsignment)"})
	a.catalogueRoutes(rt)
	a.importRoutes(rt)
	a.filterRoutes(rt)
	a.listRoutes(rt)
	rt.Messages(Wording)
	rt.Messages(priceWording)
}

func (a *HTTP) save(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	var id int64
	if len(r.IDs) > 0 {
		id = r.IDs[0]
	}
	rec, err := a.Stock.Save(ctx, r.Scope(), id, in)
	if err != nil {
		return r.Fail(err)
	}
	sel, err := r.Selection(true)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, sel)
}

// prepared serves GET /consignment/prepared: a new consignment as the
// editor starts it, with the number the next create would take (another
// create may take it first; the saved one has its own).
func (a *HTTP) prepared(ctx context.Context, r *api.Request) api.Response {
	n, err := a.Stock.peekNumber(ctx, r.Scope().Account)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"contentType": "Consignment", "number": strconv.FormatInt(n, 10), "state": Created,
		"possibleStates": next[Created], "rows": []any{}, "rowsCount": 0})
}

func (a *HTTP) remove(ctx context.Context, r *api.Request) api.Response {
	if err := a.Stock.Delete(ctx, r.Scope(), r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	return api.OK(nil)
}

// param is a call's parameter from the body, else from the query: the
// reference gives these POST routes' parameters as query parameters, and
// clients send them either way.
func param(r *api.Request, name string) (json.RawMessage, bool) {
	var body map[string]json.RawMessage
	if json.Unmarshal(r.Body(), &body) == nil {
		if v, ok := body[name]; ok {
			return v, true
		}
	}
	return r.Query(name)
}

func (a *HTTP) move(ctx context.Context, r *api.Request) api.Response {
	rows, ok := param(r, "rows")
	if !ok {
		return r.Fail(entity.Invalidf("rows", entity.CodeRequired, ""))
	}
	extra := entity.Input{}
	for _, f := range []string{"description", "manager", "plannedTime"} {
		if v, ok := param(r, f); ok {
			extra[f] = v
		}
	}
	rec, err := a.Stock.Move(ctx, r.Scope(), r.IDs[0], r.IDs[1], rows, extra)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

func (a *HTTP) deficit(ctx context.Context, r *api.Request) api.Response {
	raw, ok := param(r, "contextEntity")
	if !ok {
		return r.Fail(entity.Invalidf("contextEntity", entity.CodeRequired, ""))
	}
	of, err := value.DecodeLink(raw, []string{"Consignment", "Deal"})
	if err != nil || of.ID <= 0 {
		return r.Fail(entity.Invalidf("contextEntity", entity.CodeLinkNotFound, ""))
	}
	ratio := int64(1)
	if v, ok := param(r, "quantityRatio"); ok && (json.Unmarshal(v, &ratio) != nil || ratio < 1 || ratio > 1e6) {
		return r.Fail(entity.Invalidf("quantityRatio", value.CodeRange, ""))
	}
	ds, err := a.Stock.Deficits(ctx, r.Scope(), r.IDs[0], of, ratio)
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, len(ds))
	for i, d := range ds {
		out[i] = map[string]any{"contentType": "DeficitOffer", "offer": value.EncodeLink(value.Link{Type: "Offer", ID: d.Offer}),
			"need": fromMilli(d.Need), "available": fromMilli(d.Available)}
	}
	return api.OK(out)
}

func (a *HTTP) offerBalances(ctx context.Context, r *api.Request) api.Response {
	return a.balances(ctx, r, 0, r.IDs[0], "Offer")
}

func (a *HTTP) warehouseBalances(ctx context.Context, r *api.Request) api.Response {
	return a.balances(ctx, r, r.IDs[0], 0, "Warehouse")
}

// balances answers a warehouse's or an offer's balances, paged by the
// other's id (pageAfter is the last offer, or warehouse, seen).
func (a *HTTP) balances(ctx context.Context, r *api.Request, warehouse, offer int64, typ string) api.Response {
	if _, err := a.Engine.Get(ctx, r.Scope(), typ, warehouse+offer); err != nil {
		return r.Fail(err)
	}
	limit, after, err := r.IDPaging()
	if err != nil {
		return r.Fail(err)
	}
	bs, err := a.Stock.Balances(ctx, r.Scope().Account, warehouse, offer, after, limit)
	if err == nil {
		bs, err = a.Stock.seenBalances(ctx, r.Scope(), bs)
	}
	if err != nil {
		return r.Fail(err)
	}
	names := a.Stock.names(ctx, r.Scope(), bs)
	out := make([]any, len(bs))
	for i, b := range bs {
		out[i] = b.json(names)
	}
	return api.OK(out)
}

package stock

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// The reference's list parameters of the stock: GET /offer?warehouse=
// lists the offers a warehouse has a balance of, GET /warehouse?offer=
// the warehouses holding an offer (a balance row, even at zero: it was
// stocked there). Without them these are the generic lists.
func (a *HTTP) listRoutes(rt *api.Routes) {
	rt.Handle("GET /offer", a.listBy("Offer", "warehouse", "Warehouse", "offer_id", "warehouse_id"))
	rt.Handle("GET /warehouse", a.listBy("Warehouse", "offer", "Offer", "warehouse_id", "offer_id"))
}

func (a *HTTP) listBy(typ, param, paramType, col, byCol string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		var by int64
		if raw, ok := r.TakeQuery(param); ok && string(raw) != "null" {
			l, err := value.DecodeLink(raw, []string{paramType})
			if err != nil || l.ID <= 0 {
				var id json.Number
				if json.Unmarshal(raw, &id) != nil {
					return r.Fail(entity.Invalidf(param, entity.CodeBadParam, ""))
				}
				n, err := id.Int64()
				if err != nil || n <= 0 {
					return r.Fail(entity.Invalidf(param, entity.CodeBadParam, ""))
				}
				l.ID = n
			}
			by = l.ID
		}
		lq, err := r.ListQuery(typ)
		if err != nil {
			return r.Fail(err)
		}
		if by != 0 && paramType == "Warehouse" {
			// A warehouse closed to the reader (rights.go) is not asked about.
			if _, err := a.Engine.Get(ctx, r.Scope(), "Warehouse", by); err != nil {
				return r.Fail(err)
			}
		}
		if by != 0 {
			lq.Where = append(lq.Where, entity.Condition{
				SQL:  "id IN (SELECT " + col + " FROM stock_balances WHERE account_id = ? AND " + byCol + " = ?)",
				Args: []any{r.Scope().Account, by},
			})
		}
		return r.Page(ctx, typ, lq)
	}
}

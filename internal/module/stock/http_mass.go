package stock

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// massBody is MassActionCreateConsignment, as far as deals use it.
type massBody struct {
	ContentType string            `json:"contentType"`
	Type        string            `json:"type"`
	Warehouse   json.RawMessage   `json:"warehouse"`
	Entities    []json.RawMessage `json:"entities"`
	Excluded    []json.RawMessage `json:"excludedEntities"`
	Consignment entity.Input      `json:"consignment"`
}

// Mass serves MassActionCreateConsignment, at POST /consignment/massAction
// and (through the deal area) POST /deal/massAction: a consignment per
// deal named in entities, rows from its positions. It answers a
// MassActionResult per deal, the made consignment as its entity.
func (a *HTTP) Mass(ctx context.Context, r *api.Request) api.Response {
	var b massBody
	if json.Unmarshal(r.Body(), &b) != nil {
		return r.Fail(entity.Invalidf("entities", entity.CodeRequired, ""))
	}
	if b.ContentType != "" && b.ContentType != "MassActionCreateConsignment" {
		return r.Fail(entity.Invalidf("contentType", value.CodeEnum, "MassActionCreateConsignment"))
	}
	if b.Type != Income && b.Type != Expense {
		return r.Fail(entity.Invalidf("type", entity.CodeRequired, ""))
	}
	if len(b.Entities) == 0 {
		return r.Fail(entity.Invalidf("entities", entity.CodeRequired, ""))
	}
	if len(b.Entities) > maxMass {
		return r.Fail(entity.Invalidf("entities", value.CodeRange, ""))
	}
	var warehouse int64
	if b.Warehouse != nil && string(b.Warehouse) != "null" {
		l, err := value.DecodeLink(b.Warehouse, []string{"Warehouse"})
		if err != nil || l.ID <= 0 {
			return r.Fail(entity.Invalidf("warehouse", entity.CodeLinkNotFound, "Warehouse"))
		}
		warehouse = l.ID
	}
	skip := map[int64]bool{}
	for _, raw := range b.Excluded {
		if l, err := value.DecodeLink(raw, []string{"Deal"}); err == nil {
			skip[l.ID] = true
		}
	}
	var deals []int64
	for _, raw := range b.Entities {
		l, err := value.DecodeLink(raw, []string{"Deal"})
		if err != nil || l.ID <= 0 {
			return r.Fail(entity.Invalidf("entities", entity.CodeLinkNotFound, "Deal"))
		}
		if !skip[l.ID] {
			deals = append(deals, l.ID)
		}
	}
	extra := entity.Input{}
	for _, f := range []string{"description", "manager", "plannedTime"} {
		if v, ok := b.Consignment[f]; ok {
			extra[f] = v
		}
	}
	results := a.Stock.FromDeals(ctx, r.Scope(), b.Type, warehouse, deals, extra)
	out := make([]any, len(results))
	for i, res := range results {
		item := map[string]any{"contentType": "MassActionResult", "isSucceed": res.Err == nil}
		if res.Err != nil {
			item["entity"] = value.EncodeLink(value.Link{Type: "Deal", ID: res.Deal})
			item["message"] = a.explain(r, res.Err)
		} else {
			item["entity"] = value.EncodeLink(value.Link{Type: "Consignment", ID: res.Consignment})
		}
		out[i] = item
	}
	return api.OK(out)
}

// explain words a deal's refusal: its first field error, or the whole.
func (a *HTTP) explain(r *api.Request, err error) string {
	if bad, ok := err.(*entity.Invalid); ok && len(bad.Errors) > 0 {
		return r.FieldError(bad.Errors[0]).Message
	}
	if err == entity.ErrNotFound {
		return r.Message("not_found")
	}
	return r.Message("internal")
}

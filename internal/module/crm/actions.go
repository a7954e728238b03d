package crm

import (
	"context"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/rights"
)

// registerActions adds the dropping actions of the reference's
// possibleActions to clients the reader may delete: act_fake_drop on a
// live client, act_restore on a dropped one (whose act_delete then
// deletes it forever).
func registerActions(e *entity.Engine, p *rights.Policy) {
	if p.More == nil {
		p.More = map[string]func(ctx context.Context, sc entity.Scope, recs []*entity.Record) map[int64][]string{}
	}
	for _, typ := range Types {
		e.NeedFields(typ, "isDropped")
		p.More[typ] = func(ctx context.Context, sc entity.Scope, recs []*entity.Record) map[int64][]string {
			out := make(map[int64][]string, len(recs))
			for _, rec := range recs {
				if p.Allow(ctx, sc, entity.ActDelete, rec.Type, rec) != nil {
					continue
				}
				if dropped, _ := rec.Values["isDropped"].(int64); dropped == 1 {
					out[rec.ID] = []string{"act_restore"}
				} else {
					out[rec.ID] = []string{"act_fake_drop"}
				}
			}
			return out
		}
	}
}

package crm

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// A client's requisites are Payers whose contractor is the client: a
// client may have several (a company's legal entities, a person paying
// privately and through their firm). The client's `payers` lists them.

// payersOf serves GET …/{id}/payers: the client's payers, a list with the
// usual parameters.
func (a *HTTP) payersOf(ctx context.Context, r *api.Request) api.Response {
	owner, err := Find(ctx, a.Engine, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	lq, err := r.ListQuery("Payer")
	if err != nil {
		return r.Fail(err)
	}
	lq.Where = append(lq.Where, linkIs(a.Engine, "Payer", "contractor", owner))
	return r.Page(ctx, "Payer", lq)
}

// addPayer serves POST …/{id}/payers with a Payer: created for the client,
// whatever contractor the body names.
func (a *HTTP) addPayer(ctx context.Context, r *api.Request) api.Response {
	owner, err := Find(ctx, a.Engine, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	in, res := r.Input()
	if res != nil {
		return *res
	}
	link, _ := json.Marshal(map[string]any{"contentType": owner.Type.Name, "id": owner.ID})
	in["contractor"] = link
	rec, err := a.Engine.Create(ctx, r.Scope(), "Payer", in)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

// linkIs is the condition "typ.field points at rec", over typ's table.
func linkIs(e *entity.Engine, typ, field string, rec *entity.Record) entity.Condition {
	t := e.Cat.Type(typ)
	col := t.Table + "." + t.Field(field).Column
	return entity.Condition{SQL: col + "_t = ? AND " + col + "_i = ?", Args: []any{rec.Type.Name, rec.ID}}
}

// dropPayers deletes a client's payers with it: with no invoice naming
// them (the delete was refused otherwise) they are of no use without
// their client. They go in the system's name, since they belong to the
// client the caller may delete.
func dropPayers(ctx context.Context, e *entity.Engine, sc entity.Scope, rec *entity.Record) error {
	sys := entity.Scope{Account: sc.Account, System: true}
	lq := entity.ListQuery{Limit: entity.MaxLimit, Fields: []string{}, Where: []entity.Condition{linkIs(e, "Payer", "contractor", rec)}}
	for {
		page, err := e.List(ctx, sys, "Payer", lq, value.Options{})
		if err != nil {
			return fmt.Errorf("crm: payers of %s %d: %w", rec.Type.Name, rec.ID, err)
		}
		for _, p := range page.Records {
			if err := e.Delete(ctx, sys, "Payer", p.ID); err != nil {
				return err
			}
		}
		if !page.HasMoreNext {
			return nil
		}
	}
}

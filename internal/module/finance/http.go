package finance

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// HTTP is the finance area's routes: the reference's invoice writes,
// which carry their rows inline. See docs/finance.md.
type HTTP struct {
	Engine   *entity.Engine
	Invoices *Module
}

// Routes registers the area's routes and error wording. Reads, lists and
// deletes of invoices are the generic ones, under the rules' hooks.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("POST /invoice", a.save)
	rt.Handle("POST /invoice/{id}", a.save)
	rt.Messages(Wording)
}

// save creates or updates an invoice with its rows, all in one
// transaction: a refused row or invoice writes nothing.
func (a *HTTP) save(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	var id int64
	if len(r.IDs) > 0 {
		id = r.IDs[0]
	}
	sc := r.Scope()
	var rec *entity.Record
	err := a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		if raw, given := in["rows"]; given {
			links, err := a.Invoices.WriteRows(ctx, sc, id, raw)
			if err != nil {
				return err
			}
			if in["rows"], err = json.Marshal(links); err != nil {
				return err
			}
		}
		var err error
		if id == 0 {
			rec, err = a.Engine.Create(ctx, sc, "Invoice", in)
		} else {
			rec, err = a.Engine.Update(ctx, sc, "Invoice", id, in)
		}
		return err
	})
	if err != nil {
		return r.Fail(err)
	}
	sel, err := r.Selection(true)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, sel)
}

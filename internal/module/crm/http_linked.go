package crm

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// A client's deals, tasks and invoices (the reference's
// /contractor/{id}/deals, /tasks and /invoices): lists of the other
// areas' entities with the usual list parameters, seen with the reader's
// rights on them.

// linkedDeals serves GET …/{id}/deals: deals whose contractor or contact
// is the client.
func (a *HTTP) linkedDeals(ctx context.Context, r *api.Request) api.Response {
	return a.linked(ctx, r, "Deal", func(owner *entity.Record, account int64) entity.Condition {
		byClient, byContact := linkIs(a.Engine, "Deal", "contractor", owner), linkIs(a.Engine, "Deal", "contact", owner)
		return entity.Condition{SQL: "(" + byClient.SQL + ") OR (" + byContact.SQL + ")", Args: append(byClient.Args, byContact.Args...)}
	})
}

// linkedTasks serves GET …/{id}/tasks: the client's tasks.
func (a *HTTP) linkedTasks(ctx context.Context, r *api.Request) api.Response {
	return a.linked(ctx, r, "Task", func(owner *entity.Record, account int64) entity.Condition {
		return linkIs(a.Engine, "Task", "contractor", owner)
	})
}

// linkedInvoices serves GET …/{id}/invoices: invoices whose payer is one
// of the client's payers.
func (a *HTTP) linkedInvoices(ctx context.Context, r *api.Request) api.Response {
	return a.linked(ctx, r, "Invoice", func(owner *entity.Record, account int64) entity.Condition {
		inv, pay := a.Engine.Cat.Type("Invoice"), a.Engine.Cat.Type("Payer")
		col, owned := inv.Table+"."+inv.Field("payer").Column, linkIs(a.Engine, "Payer", "contractor", owner)
		return entity.Condition{SQL: fmt.Sprintf("%s_t = 'Payer' AND %s_i IN (SELECT id FROM %s WHERE account_id = ? AND %s)", col, col, pay.Table, owned.SQL),
			Args: append([]any{account}, owned.Args...)}
	})
}

func (a *HTTP) linked(ctx context.Context, r *api.Request, typ string, cond func(owner *entity.Record, account int64) entity.Condition) api.Response {
	owner, err := Find(ctx, a.Engine, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	lq, err := r.ListQuery(typ)
	if err != nil {
		return r.Fail(err)
	}
	lq.Where = append(lq.Where, cond(owner, r.Scope().Account))
	return r.Page(ctx, typ, lq)
}

// dealFields serves GET …/{id}/deals/extraFields: the extra fields a
// deal of the client can have (every process's and each process's own,
// with their owner), those named in fieldNames when given, and with q in
// the caption when given, letter case aside.
func (a *HTTP) dealFields(ctx context.Context, r *api.Request) api.Response {
	if _, err := Find(ctx, a.Engine, r.Scope(), r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	var names []string
	if raw, given := r.Query("fieldNames"); given && json.Unmarshal(raw, &names) != nil {
		return r.FieldFail("fieldNames", entity.CodeBadParam)
	}
	var q string
	if raw, given := r.Query("q"); given && json.Unmarshal(raw, &q) != nil {
		return r.FieldFail("q", entity.CodeBadParam)
	}
	list, err := a.Engine.ExtraFields(ctx, r.Scope(), "Deal")
	if err != nil {
		return r.Fail(err)
	}
	var out []*entity.ExtraField
	for _, f := range list {
		if (names == nil || slices.Contains(names, f.Name)) && strings.Contains(strings.ToLower(f.HrName), strings.ToLower(q)) {
			out = append(out, f)
		}
	}
	return api.ExtraFieldList(out)
}

// Package finance owns invoices: their rows and server-computed totals,
// their numbers, their statuses and what a paid invoice does to its
// deal's debt. See docs/finance.md.
package finance

import (
	"context"

	"github.com/artel/artel/internal/entity"
)

// Codes of the invoice rules' refusals (422, on the field named).
const (
	CodeStatusNotPossible = "status_not_possible"
	CodeRowsCurrencies    = "rows_currencies"
	CodeInvoiceClosed     = "invoice_closed"
	CodeRowsFormat        = "rows_format"
)

// Wording is the refusals' text, ru and en.
var Wording = map[string][2]string{
	CodeStatusNotPossible: {"Счёт нельзя перевести в этот статус", "The invoice cannot move to this status"},
	CodeRowsCurrencies:    {"Позиции счёта должны быть в одной валюте", "An invoice's rows must be in one currency"},
	CodeInvoiceClosed:     {"Позиции оплаченного или отклонённого счёта не меняются", "A paid or rejected invoice's rows cannot change"},
	CodeRowsFormat:        {"Позиции счёта — это список позиций (OfferRow)", "An invoice's rows are a list of OfferRow values"},
}

// Module is the invoice rules over the engine.
type Module struct {
	e *entity.Engine
	// Files opens the images of invoice templates (logo, stamp); nil
	// prints templates without them.
	Files interface {
		Open(ctx context.Context, sc entity.Scope, id int64) (*entity.Record, []byte, error)
	}
}

// Register installs the invoice rules: hooks on Invoice, on the OfferRows
// that are its rows, and on Deal (its debt); and an invoice's
// possibleStatuses.
func Register(e *entity.Engine) *Module {
	m := &Module{e: e}
	e.Hook("Invoice", entity.Hooks{BeforeSave: m.beforeInvoice, AfterLinks: m.dropLeftRows,
		AfterSave: m.afterInvoice, BeforeDelete: m.beforeInvoiceDelete})
	e.Hook("OfferRow", entity.Hooks{AfterSave: m.afterRow, BeforeDelete: m.beforeRowDelete})
	e.Hook("Deal", entity.Hooks{BeforeSave: m.beforeDeal})
	e.NeedFields("Invoice", "status", "deal")
	e.Compute("Invoice", entity.Computer{Fields: []string{"possibleStatuses", "possibleStatusesCount"}, InLists: true, Fill: fillPossible})
	e.Compute("Invoice", entity.Computer{Fields: []string{"financeOperations", "financeOperationsCount"}, Fill: m.fillInvoiceOps})
	e.Hook("FinOperation", entity.Hooks{BeforeSave: m.beforeOp, AfterLinks: m.opLinksLeft,
		AfterSave: m.afterOp, BeforeDelete: m.beforeOpDelete})
	e.NeedFields("FinOperation", "kind", "incomeSum", "expenseSum", "accountSum", "realAccount", "deal", "pairedOperation")
	e.Hook("FinRealAccount", entity.Hooks{BeforeSave: m.beforeAccount})
	e.Hook("Payer", entity.Hooks{BeforeSave: beforePayer})
	e.NeedFields("FinRealAccount", "currency")
	e.Compute("FinRealAccount", entity.Computer{Fields: []string{"balance"}, InLists: true, Fill: m.fillBalance})
	return m
}

// machineKey marks the saves of these rules themselves (totals, debts):
// only they write what the rules keep.
type machineKey struct{}

func asMachine(ctx context.Context) context.Context {
	return context.WithValue(ctx, machineKey{}, true)
}

func isMachine(ctx context.Context) bool { return ctx.Value(machineKey{}) != nil }

// droppingKey marks rows being deleted already: those of an invoice that
// goes, which need not retotal it, and a row whose invoice drops it.
type droppingKey struct{}

func system(sc entity.Scope) entity.Scope {
	return entity.Scope{Account: sc.Account, Actor: sc.Actor, System: true, Lang: sc.Lang}
}

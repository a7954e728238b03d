package demo_test

import (
	"context"
	"strings"
	"testing"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/value"
)

// The demo bills a few deals: some invoices paid (their deals owe
// nothing), two of them by one income split between them; one overdue.
func TestDemoInvoices(t *testing.T) {
	e, account := setup(t, "sqlite")
	fill(t, e, account)
	ctx, sc := context.Background(), entity.Scope{Account: account, System: true}
	page, err := e.List(ctx, sc, "Invoice", entity.ListQuery{Limit: 50}, value.Options{})
	if err != nil {
		t.Fatal(err)
	}
	paid, late := 0, 0
	for _, inv := range page.Records {
		if inv.String("status") == "paid" {
			paid++
			deal, err := e.Get(ctx, sc, "Deal", inv.Links["deal"].ID)
			if err != nil {
				t.Fatal(err)
			}
			if d, ok := money.Parse(deal.String("debt")); !ok || d.Kopecks != 0 || deal.Values["paymentProgress"] != 100.0 {
				t.Errorf("a paid deal: debt %s progress %v", deal.String("debt"), deal.Values["paymentProgress"])
			}
		}
		if inv.String("deadline") != "" && inv.String("status") == "drawn" {
			late++
		}
	}
	if paid != 4 || late != 1 {
		t.Errorf("paid %d, overdue %d; want 4 and 1", paid, late)
	}
	ops, err := e.List(ctx, sc, "FinOperation", entity.ListQuery{Limit: 50, Fields: []string{"invoices", "invoiceSums", "sum"}}, value.Options{})
	if err != nil {
		t.Fatal(err)
	}
	split := 0
	for _, op := range ops.Records {
		if strings.Count(op.String("invoiceSums"), `"invoice"`) == 2 {
			split++
		}
	}
	if split != 1 {
		t.Errorf("split incomes: %d, want 1", split)
	}
}

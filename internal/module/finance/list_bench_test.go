package finance_test

import (
	"context"
	"net/url"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/migrate"
)

// TestInvoiceListScale is the figure, run on demand only:
// ARTEL_BENCH_INVOICES=100000 go test -run TestInvoiceListScale -v
// ./internal/module/finance/ copies one invoice that many times on
// SQLite and times the invoice list's first page as the list screen asks
// for it (docs/performance.md).
func TestInvoiceListScale(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ARTEL_BENCH_INVOICES"))
	if n == 0 {
		t.Skip("ARTEL_BENCH_INVOICES not set")
	}
	h := apitest.New(t, "sqlite")
	b := newBooks(t, h, 1000)
	tpl := must(t, b.invoice(map[string]any{"deal": apitest.Link("Deal", b.deal)}, row("Поставка", "price", rub(1200.5), "tax", vat(20))))["id"]
	ctx := context.Background()
	start := time.Now()
	if err := h.DB.Exec(ctx, `INSERT INTO e_invoice (account_id, c_number, c_name, c_status, c_sum, c_taxtotal, c_payer_t, c_payer_i,
		c_consignee_t, c_consignee_i, c_deal_t, c_deal_i, c_invoicedate, c_deadline)
		WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < `+strconv.Itoa(n)+`)
		SELECT account_id, CAST(i + 1 AS TEXT), c_name, CASE i % 4 WHEN 0 THEN 'created' WHEN 1 THEN 'drawn' WHEN 2 THEN 'paid' ELSE 'rejected' END,
			c_sum, c_taxtotal, c_payer_t, c_payer_i, c_consignee_t, c_consignee_i, c_deal_t, c_deal_i,
			c_invoicedate, CASE i % 8 WHEN 1 THEN '2025-01-01' ELSE '2030-01-01' END
		FROM s, e_invoice WHERE e_invoice.id = `+tpl.(string)); err != nil {
		t.Fatal(err)
	}
	if err := migrate.Recount(ctx, h.DB, catalog.MustLoad()); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d invoices copied in %v", n, time.Since(start))
	fields := `["number","name","payer","deal","invoiceDate","deadline","status","sum"]`
	// An ordinary employee reads them too: every list must stay fast for
	// them, not only for the administrator.
	_, emp := h.Person(t, "Ольга", "olga", "olga long password")
	for _, c := range []struct{ name, query, token string }{
		{"all", `{"limit":100,"fields":` + fields + `}`, ""},
		{"paid", `{"limit":100,"statusFilterId":"paid","fields":` + fields + `}`, ""},
		{"overdue", `{"limit":100,"statusFilterId":"overdue","fields":` + fields + `}`, ""},
		{"all/emp", `{"limit":100,"fields":` + fields + `}`, emp},
		{"overdue/emp", `{"limit":100,"statusFilterId":"overdue","fields":` + fields + `}`, emp},
	} {
		var took []time.Duration
		for range 200 {
			t0 := time.Now()
			r := h.Do("GET", "/api/v3/invoice?"+url.QueryEscape(c.query), apitest.Req{Token: c.token})
			took = append(took, time.Since(t0))
			if r.Status != 200 || len(r.List()) == 0 {
				t.Fatalf("%s: %d %s", c.name, r.Status, r.Body)
			}
		}
		slices.Sort(took)
		t.Logf("GET /invoice %-12s 200 requests: p50 %v p99 %v", c.name, took[len(took)/2], took[len(took)*99/100])
	}
}

package finance_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// An invoice names a template the account has; a missing one (never
// made, or deleted) is refused and nothing is written.
func TestInvoiceNamesTemplate(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 1000)
		tpl := must(t, h.Do("POST", "/api/v3/invoice/template", apitest.Req{Body: map[string]any{"name": "Основной"}}))
		link := apitest.Link("InvoiceTemplate", tpl["id"].(string))
		inv := must(t, b.invoice(map[string]any{"invoiceTemplate": link}, row("Услуги", "price", rub(10))))
		if got, _ := inv["invoiceTemplate"].(map[string]any); got["id"] != tpl["id"] {
			t.Errorf("the template named: %v", inv["invoiceTemplate"])
		}
		before := count(t, h, "SELECT COUNT(*) FROM e_invoice")
		field422(t, b.invoice(map[string]any{"invoiceTemplate": apitest.Link("InvoiceTemplate", "999999")}, row("Услуги", "price", rub(10))),
			"invoiceTemplate", "link_not_found")
		field422(t, b.invoice(map[string]any{"invoiceTemplate": apitest.Link("Deal", b.deal)}), "invoiceTemplate", "link_not_found")
		if n := count(t, h, "SELECT COUNT(*) FROM e_invoice"); n != before {
			t.Errorf("a refused invoice was written: %d, want %d", n, before)
		}
		must(t, h.Do("DELETE", "/api/v3/invoice/template/"+tpl["id"].(string), apitest.Req{}))
		field422(t, h.Do("POST", "/api/v3/invoice/"+inv["id"].(string), apitest.Req{Body: map[string]any{"invoiceTemplate": link}}),
			"invoiceTemplate", "link_not_found")
		// Its template gone, the invoice still saves (and prints with the default).
		must(t, h.Do("POST", "/api/v3/invoice/"+inv["id"].(string), apitest.Req{Body: map[string]any{"comment": "ok"}}))
		must(t, h.Do("POST", "/api/v3/invoice/"+inv["id"].(string), apitest.Req{Body: map[string]any{"invoiceTemplate": nil}}))
	})
}

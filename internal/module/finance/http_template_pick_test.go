package finance_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/finance/pdf/pdftest"
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

// A template's texts print the invoice's values where they name them
// ({number}, {sum}, …); /invoice/templateVariables lists the names.
func TestTemplateVariables(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 1000)
		must(t, h.Do("POST", "/api/v3/invoice/template", apitest.Req{Body: map[string]any{"name": "Основной",
			"header": "Счёт № {number} для {payer}", "conditions": "К оплате {sum} до {deadline}, {unknown} как есть"}}))
		inv := must(t, b.invoice(map[string]any{"deadline": map[string]any{"contentType": "DateOnly", "year": 2026, "month": 10, "day": 30}},
			row("Услуги", "price", rub(1200.5))))
		r := h.Do("GET", "/api/v3/invoice/"+inv["id"].(string)+"/pdf", apitest.Req{})
		if r.Status != 200 {
			t.Fatalf("pdf: %d", r.Status)
		}
		text := pdftest.Text(t, r.Body)
		for _, want := range []string{"Счёт № " + inv["number"].(string) + " для ООО «Альфа»", "К оплате 1 200,50 до 30 ноября 2026 г., {unknown} как есть"} {
			if !strings.Contains(text, want) {
				t.Errorf("the PDF lacks %q:\n%s", want, text)
			}
		}
		vars := h.Do("GET", "/api/v3/invoice/templateVariables", apitest.Req{})
		if vars.Status != 200 || len(vars.List()) != 6 || vars.List()[0]["value"] != "{number}" || vars.List()[0]["name"] != "Номер счёта" {
			t.Errorf("the variables: %d %s", vars.Status, vars.Body)
		}
		field422(t, h.Do("GET", "/api/v3/invoice/templateVariables?onlyForFileName=true", apitest.Req{}), "onlyForFileName", "param_not_supported")
	})
}

package finance_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/finance/pdf/pdftest"
)

// The PDF of an invoice in the Russian form, read back by pdftotext:
// every value to the kopeck, the Cyrillic text, the total in words; its
// public link opens it without sign-in until revoked.
func TestInvoicePDF(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 1000)
		own := make1(t, h, "payer", map[string]any{"name": "ООО «Артель»", "type": "Legal",
			"country": map[string]any{"contentType": "Country", "id": "1"}, "inn": "7700000001", "kpp": "770001001",
			"legalAddress": "Москва, ул. Ткацкая, 5", "bank": "ПАО Сбербанк", "bik": "044525225",
			"correspondentAccount": "30101810400000000225", "currentAccount": "40702810938000000001"})
		inv := must(t, b.invoice(map[string]any{"recipient": apitest.Link("Payer", own),
			"deadline": map[string]any{"contentType": "DateOnly", "year": 2026, "month": 10, "day": 30}},
			row("Ёлочные игрушки «Шар»", "price", rub(33.33), "quantity", 3, "tax", vat(20),
				"unit", map[string]any{"contentType": "Unit", "name": "кор"}),
			row("Доставка по Москве", "price", rub(1500.5), "tax", vat(20))))
		id := inv["id"].(string)
		r := h.Do("GET", "/api/v3/invoice/"+id+"/pdf", apitest.Req{})
		if r.Status != 200 || r.Header.Get("Content-Type") != "application/pdf" {
			t.Fatalf("pdf: %d %v", r.Status, r.Header)
		}
		text := pdftest.Text(t, r.Body)
		// 3 × 33.33 = 99.99 (VAT 99.99 - 83.33 = 16.66), 1500.50 (VAT 250.08): 1600.49, VAT 266.74.
		for _, want := range []string{"Счёт на оплату № " + inv["number"].(string) + " от 25 ноября 2026 г.",
			"ООО «Артель»", "ИНН 7700000001", "КПП 770001001", "ПАО Сбербанк", "044525225", "30101810400000000225",
			"40702810938000000001", "ООО «Альфа»", "ИНН 7701234567", "Ёлочные игрушки «Шар»", "3 кор 33,33 99,99",
			"1 500,50", "Итого: 1 600,49", "В том числе НДС: 266,74", "Всего к оплате: 1 600,49",
			"Всего наименований 2, на сумму 1 600,49 руб.",
			"Итого к оплате: Одна тысяча шестьсот рублей 49 копеек", "Оплатить до 30 ноября 2026 г."} {
			if !strings.Contains(text, want) {
				t.Errorf("the PDF lacks %q:\n%s", want, text)
			}
		}
		if r := h.Do("GET", "/api/v3/invoice/999999/pdf", apitest.Req{}); r.Status != 404 {
			t.Errorf("a missing invoice's pdf: %d", r.Status)
		}
		if r := h.Do("GET", "/api/v3/invoice/"+id+"/pdf", apitest.Req{NoAuth: true}); r.Status != 401 {
			t.Errorf("the pdf without sign-in: %d", r.Status)
		}

		public := func(path string) *apitest.Resp { return h.Do("GET", path, apitest.Req{NoAuth: true}) }
		first := must(t, h.Do("POST", "/api/v3/invoice/"+id+"/publicLink", apitest.Req{}))["publicDownloadLink"].(string)
		if !strings.HasPrefix(first, "/invoice-pdf/") || len(first) < 40 {
			t.Fatalf("the link: %q", first)
		}
		if r := public(first); r.Status != 200 || !strings.Contains(pdftest.Text(t, r.Body), "Итого: 1 600,49") {
			t.Errorf("the public link: %d", r.Status)
		}
		second := must(t, h.Do("POST", "/api/v3/invoice/"+id+"/publicLink", apitest.Req{}))["publicDownloadLink"].(string)
		if r := public(first); r.Status != 404 {
			t.Errorf("a replaced link still opens: %d", r.Status)
		}
		if r := public(second); r.Status != 200 {
			t.Errorf("the new link: %d", r.Status)
		}
		// A client cannot set the link itself.
		must(t, h.Do("POST", "/api/v3/invoice/"+id, apitest.Req{Body: map[string]any{"publicDownloadLink": "/invoice-pdf/mine"}}))
		if got := b.get(t, "invoice/"+id)["publicDownloadLink"]; got != second {
			t.Errorf("a client's link was taken: %v", got)
		}
		if o := must(t, h.Do("DELETE", "/api/v3/invoice/"+id+"/publicLink", apitest.Req{})); o["publicDownloadLink"] != nil {
			t.Errorf("a revoked link stays on the invoice: %v", o["publicDownloadLink"])
		}
		for _, p := range []string{second, "/invoice-pdf/", "/invoice-pdf/x", "/invoice-pdf/../api/v3/invoice/" + id} {
			if r := public(p); r.Status == 200 {
				t.Errorf("%s opens: %d", p, r.Status)
			}
		}
	})
}

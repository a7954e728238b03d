package finance_test

import (
	"context"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// books is what an invoice test bills: a deal of a one-state process and
// a payer.
type books struct {
	h     *apitest.Harness
	deal  string
	payer map[string]any
}

func make1(t *testing.T, h *apitest.Harness, typ string, body map[string]any) string {
	t.Helper()
	r := h.Do("POST", "/api/v3/"+typ, apitest.Req{Body: body})
	if r.Status != 200 {
		t.Fatalf("create %s: %s", typ, r.Body)
	}
	return r.Obj()["id"].(string)
}

func newBooks(t *testing.T, h *apitest.Harness, price float64) *books {
	prog := make1(t, h, "program", map[string]any{"name": "Продажи"})
	make1(t, h, "programState", map[string]any{"name": "Новая", "isEntry": true, "program": apitest.Link("Program", prog)})
	deal := make1(t, h, "deal", map[string]any{"name": "Поставка", "program": apitest.Link("Program", prog), "price": rub(price)})
	payer := make1(t, h, "payer", map[string]any{"name": "ООО «Альфа»", "type": "Legal",
		"country": map[string]any{"contentType": "Country", "id": "1"}, "inn": "7701234567"})
	return &books{h: h, deal: deal, payer: apitest.Link("Payer", payer)}
}

// invoice posts an invoice with rows and answers the response.
func (b *books) invoice(extra map[string]any, rows ...map[string]any) *apitest.Resp {
	body := map[string]any{"contentType": "Invoice", "payer": b.payer,
		"invoiceDate": map[string]any{"contentType": "DateOnly", "year": 2026, "month": 10, "day": 25}}
	if rows != nil {
		items := make([]any, len(rows))
		for i, r := range rows {
			items[i] = r
		}
		body["rows"] = items
	}
	for k, v := range extra {
		body[k] = v
	}
	return b.h.Do("POST", "/api/v3/invoice", apitest.Req{Body: body})
}

// must is a 200 answer's object.
func must(t *testing.T, r *apitest.Resp) map[string]any {
	t.Helper()
	if r.Status != 200 {
		t.Fatalf("status %d: %s", r.Status, r.Body)
	}
	return r.Obj()
}

func rub(v float64) map[string]any {
	return map[string]any{"contentType": "Money", "value": v, "currency": "RUB"}
}

func vat(rate float64) map[string]any {
	return map[string]any{"contentType": "Tax", "name": "НДС", "rate": rate}
}

func pct(v float64) map[string]any {
	return map[string]any{"contentType": "Discount", "type": "percent", "valueInMain": v}
}

func abs(v float64) map[string]any {
	return map[string]any{"contentType": "Discount", "type": "absolute", "valueInMain": v}
}

// row is a free-text invoice row.
func row(name string, fields ...any) map[string]any {
	m := map[string]any{"contentType": "OfferRow", "name": name}
	for i := 0; i+1 < len(fields); i += 2 {
		m[fields[i].(string)] = fields[i+1]
	}
	return m
}

// moneyOf is a Money field's value.
func moneyOf(o map[string]any, f string) float64 {
	m, _ := o[f].(map[string]any)
	v, _ := m["value"].(float64)
	return v
}

func (b *books) get(t *testing.T, path string) map[string]any {
	return must(t, b.h.Do("GET", "/api/v3/"+path, apitest.Req{}))
}

// count answers a COUNT query straight from the database.
func count(t *testing.T, h *apitest.Harness, query string) int {
	t.Helper()
	var n int
	if err := h.DB.Q(context.Background()).QueryRowContext(context.Background(), query).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

package stock_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Which price applies: a deal takes its client's list unless it names
// another; a position or an invoice row added with an offer and no price
// takes the offer's price in the deal's or invoice's list when it has
// one there (and the list is active), else the base price; a price given
// always wins.
func TestPriceListPricing(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		tea, fit := d.offer("Чай", "product"), d.offer("Монтаж", "service")
		opt := make1(t, h, "priceList", map[string]any{"name": "Оптовая", "currency": "RUB"})
		dlr := make1(t, h, "priceList", map[string]any{"name": "Дилерская", "currency": "RUB"})
		must(t, h.Do("POST", "/api/v3/offerPrice", apitest.Req{Body: offerPrice(tea, opt, rubles(80.15, "RUB"))}))
		must(t, h.Do("POST", "/api/v3/offerPrice", apitest.Req{Body: offerPrice(tea, dlr, rubles(70, "RUB"))}))
		client := make1(t, h, "contractorHuman", map[string]any{"firstName": "Иван", "priceList": apitest.Link("PriceList", opt)})
		prog := make1(t, h, "program", map[string]any{"name": "Продажи"})
		make1(t, h, "programState", map[string]any{"name": "Новая", "isEntry": true, "program": apitest.Link("Program", prog)})
		deal := func(extra map[string]any) string {
			body := map[string]any{"name": "Поставка", "program": apitest.Link("Program", prog), "contractor": apitest.Link("ContractorHuman", client)}
			for k, v := range extra {
				body[k] = v
			}
			return make1(t, h, "deal", body)
		}
		position := func(deal, offer string, extra map[string]any) map[string]any {
			body := map[string]any{"deal": apitest.Link("Deal", deal), "name": "x", "offer": apitest.Link("Offer", offer), "quantity": 2}
			for k, v := range extra {
				body[k] = v
			}
			return must(t, h.Do("POST", "/api/v3/offerRow", apitest.Req{Body: body}))
		}
		listOf := func(o map[string]any) string {
			l, _ := o["priceList"].(map[string]any)
			id, _ := l["id"].(string)
			return id
		}

		wholesale := deal(nil)
		if got := listOf(must(t, h.Do("GET", "/api/v3/deal/"+wholesale, apitest.Req{}))); got != opt {
			t.Fatalf("a deal takes its client's list: %q", got)
		}
		if r := position(wholesale, tea, nil); moneyOf(r, "price") != 80.15 || moneyOf(r, "sum") != 160.3 {
			t.Fatalf("the list's price: %v", r)
		}
		if r := position(wholesale, fit, nil); moneyOf(r, "price") != 100 {
			t.Fatalf("no price in the list: the base price: %v", r)
		}
		if r := position(wholesale, tea, map[string]any{"price": rubles(90, "RUB")}); moneyOf(r, "price") != 90 {
			t.Fatalf("a price given wins: %v", r)
		}
		if o := must(t, h.Do("GET", "/api/v3/deal/"+wholesale, apitest.Req{})); moneyOf(o, "price") != 160.3+200+180 {
			t.Fatalf("the deal's sum: %v", o["price"])
		}
		dealer := deal(map[string]any{"priceList": apitest.Link("PriceList", dlr)})
		if r := position(dealer, tea, nil); moneyOf(r, "price") != 70 {
			t.Fatalf("the deal's own list: %v", r)
		}
		base := deal(map[string]any{"priceList": nil})
		if r := position(base, tea, nil); moneyOf(r, "price") != 100 {
			t.Fatalf("a deal naming no list: %v", r)
		}
		// A deal without a list that gets a client takes the client's list.
		later := make1(t, h, "deal", map[string]any{"name": "Без клиента", "program": apitest.Link("Program", prog)})
		if got := listOf(must(t, h.Do("POST", "/api/v3/deal/"+later, apitest.Req{Body: map[string]any{
			"contractor": apitest.Link("ContractorHuman", client)}}))); got != opt {
			t.Fatalf("a client given later: %q", got)
		}
		if r := h.Do("POST", "/api/v3/deal", apitest.Req{Body: map[string]any{"name": "x", "program": apitest.Link("Program", prog),
			"priceList": apitest.Link("PriceList", "999999")}}); r.Status != 422 {
			t.Fatalf("an unknown list: %d %s", r.Status, r.Body)
		}
		// A deactivated list's prices no longer apply.
		must(t, h.Do("POST", "/api/v3/priceList/"+dlr, apitest.Req{Body: map[string]any{"isActive": false}}))
		if r := position(dealer, tea, nil); moneyOf(r, "price") != 100 {
			t.Fatalf("an inactive list: %v", r)
		}

		// An invoice on the wholesale deal takes its list, and so its rows.
		payer := make1(t, h, "payer", map[string]any{"name": "Иван", "type": "Natural", "country": map[string]any{"contentType": "Country", "id": "1"},
			"contractor": apitest.Link("ContractorHuman", client)})
		invoice := func(extra map[string]any, rows ...any) map[string]any {
			body := map[string]any{"contentType": "Invoice", "payer": apitest.Link("Payer", payer), "rows": rows,
				"invoiceDate": map[string]any{"contentType": "DateOnly", "year": 2026, "month": 10, "day": 25}}
			for k, v := range extra {
				body[k] = v
			}
			return must(t, h.Do("POST", `/api/v3/invoice?{"fields":["sum","priceList","rows"]}`, apitest.Req{Body: body}))
		}
		row := func(offer string, price any) map[string]any {
			r := map[string]any{"contentType": "OfferRow", "name": "x", "offer": apitest.Link("Offer", offer), "quantity": 1}
			if price != nil {
				r["price"] = price
			}
			return r
		}
		inv := invoice(map[string]any{"deal": apitest.Link("Deal", wholesale)}, row(tea, nil), row(fit, nil), row(tea, rubles(1, "RUB")))
		if listOf(inv) != opt || moneyOf(inv, "sum") != 80.15+100+1 {
			t.Fatalf("an invoice on a wholesale deal: %v", inv)
		}
		// Without a deal, the payer's client's list; a list given wins.
		if inv := invoice(nil, row(tea, nil)); listOf(inv) != opt || moneyOf(inv, "sum") != 80.15 {
			t.Fatalf("an invoice of the wholesale client: %v", inv)
		}
		plain := invoice(map[string]any{"priceList": nil}, row(tea, nil))
		if listOf(plain) != "" || moneyOf(plain, "sum") != 100 {
			t.Fatalf("an invoice naming no list: %v", plain)
		}
		// A row added later is priced in the invoice's list.
		id := plain["id"].(string)
		must(t, h.Do("POST", "/api/v3/invoice/"+id, apitest.Req{Body: map[string]any{"priceList": apitest.Link("PriceList", opt)}}))
		rows := plain["rows"].([]any)
		upd := must(t, h.Do("POST", `/api/v3/invoice/`+id+`?{"fields":["sum"]}`, apitest.Req{Body: map[string]any{
			"rows": []any{rows[0], row(tea, nil)}}}))
		if moneyOf(upd, "sum") != 180.15 {
			t.Fatalf("a row added to an invoice with a list: %v", upd)
		}
	})
}

package stock_test

import (
	"sync"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func rubles(v float64, cur string) map[string]any {
	return map[string]any{"contentType": "Money", "value": v, "currency": cur}
}

func offerPrice(offer, list string, price any) map[string]any {
	return map[string]any{"offer": apitest.Link("Offer", offer), "priceList": apitest.Link("PriceList", list), "price": price}
}

// Price lists: administrators write them, every employee reads them; a
// list's currency is RUB or one of the account's; a new one is active
// and last; a list a client names is not deleted, one no one names goes
// with its prices.
func TestPriceLists(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		_, tok := h.Person(t, "Ольга", "olga", "olga long password")
		opt := make1(t, h, "priceList", map[string]any{"name": "Оптовая", "currency": "RUB"})
		l := must(t, h.Do("GET", "/api/v3/priceList/"+opt, apitest.Req{}))
		if l["isActive"] != true || l["orderPosition"] != 1.0 || l["currency"] != "RUB" {
			t.Fatalf("new list: %v", l)
		}
		refused(t, h.Do("POST", "/api/v3/priceList", apitest.Req{Body: map[string]any{"name": "Долларовая", "currency": "USD"}}),
			"price_list_currency", "Валюта прайс-листа — RUB или одна из валют справочника")
		refused(t, h.Do("POST", "/api/v3/priceList", apitest.Req{Body: map[string]any{"name": "Без валюты"}}), "required", "")
		make1(t, h, "currency", map[string]any{"name": "Доллар", "abbreviation": "USD", "rate": 90})
		usd := make1(t, h, "priceList", map[string]any{"name": "Долларовая", "currency": "usd"})
		if l := must(t, h.Do("GET", "/api/v3/priceList/"+usd, apitest.Req{})); l["currency"] != "USD" || l["orderPosition"] != 2.0 {
			t.Fatalf("usd list: %v", l)
		}
		// An employee reads the lists and writes none of them.
		if got := must2(t, h.Do("GET", "/api/v3/priceList", apitest.Req{Token: tok})); len(got) != 2 {
			t.Fatalf("an employee's lists: %v", got)
		}
		for _, r := range []*apitest.Resp{
			h.Do("POST", "/api/v3/priceList", apitest.Req{Token: tok, Body: map[string]any{"name": "Своя", "currency": "RUB"}}),
			h.Do("POST", "/api/v3/priceList/"+opt, apitest.Req{Token: tok, Body: map[string]any{"name": "Моя"}}),
			h.Do("DELETE", "/api/v3/priceList/"+usd, apitest.Req{Token: tok}),
		} {
			if r.Status != 403 {
				t.Fatalf("an employee's write: %d %s", r.Status, r.Body)
			}
		}
		if n := count(t, h, `SELECT COUNT(*) FROM e_pricelist WHERE c_name IN ('Своя', 'Моя')`); n != 0 {
			t.Fatalf("a refused write wrote %d lists", n)
		}
		must(t, h.Do("POST", "/api/v3/priceList/"+usd, apitest.Req{Body: map[string]any{"isActive": false, "name": "Экспортная"}}))

		tea := d.offer("Чай", "product")
		must(t, h.Do("POST", "/api/v3/offerPrice", apitest.Req{Body: offerPrice(tea, opt, rubles(80, "RUB"))}))
		client := make1(t, h, "contractorCompany", map[string]any{"name": "ООО «Опт»", "priceList": apitest.Link("PriceList", opt)})
		refused(t, h.Do("DELETE", "/api/v3/priceList/"+opt, apitest.Req{}), "price_list_in_use", "")
		must(t, h.Do("POST", "/api/v3/contractorCompany/"+client, apitest.Req{Body: map[string]any{"priceList": nil}}))
		must(t, h.Do("DELETE", "/api/v3/priceList/"+opt, apitest.Req{}))
		if n := count(t, h, `SELECT COUNT(*) FROM e_offerprice`); n != 0 {
			t.Fatalf("a deleted list left %d prices", n)
		}
		if r := h.Do("GET", "/api/v3/priceList/"+opt, apitest.Req{}); r.Status != 404 {
			t.Fatalf("deleted list: %d", r.Status)
		}
	})
}

// An offer's prices per list: read with the offer (prices) and at
// /offer/{id}/prices, set and cleared per list; not negative, in the
// list's currency, one per list; written by who may add offers.
func TestOfferPrices(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		_, tok := h.Person(t, "Ольга", "olga", "olga long password")
		tea := d.offer("Чай", "product")
		opt := make1(t, h, "priceList", map[string]any{"name": "Оптовая", "currency": "RUB"})
		dlr := make1(t, h, "priceList", map[string]any{"name": "Дилерская", "currency": "RUB"})
		p := must(t, h.Do("POST", "/api/v3/offerPrice", apitest.Req{Body: offerPrice(tea, opt, rubles(80.15, "RUB"))}))["id"].(string)
		must(t, h.Do("POST", "/api/v3/offerPrice", apitest.Req{Body: offerPrice(tea, dlr, rubles(70, "RUB"))}))

		refused(t, h.Do("POST", "/api/v3/offerPrice", apitest.Req{Body: offerPrice(tea, opt, rubles(75, "RUB"))}),
			"price_list_taken", "У товара уже есть цена в этом прайс-листе")
		refused(t, h.Do("POST", "/api/v3/offerPrice", apitest.Req{Body: offerPrice(tea, "999999", rubles(75, "RUB"))}), "link_not_found", "")
		refused(t, h.Do("POST", "/api/v3/offerPrice/"+p, apitest.Req{Body: map[string]any{"price": rubles(-1, "RUB")}}), "out_of_range", "")
		refused(t, h.Do("POST", "/api/v3/offerPrice/"+p, apitest.Req{Body: map[string]any{"price": rubles(5, "USD")}}),
			"price_list_price_currency", "Цена должна быть в валюте прайс-листа")
		refused(t, h.Do("POST", "/api/v3/offerPrice", apitest.Req{Body: map[string]any{"offer": apitest.Link("Offer", tea),
			"price": rubles(1, "RUB")}}), "required", "")
		if r := h.Do("POST", "/api/v3/offerPrice/"+p, apitest.Req{Token: tok, Body: map[string]any{"price": rubles(1, "RUB")}}); r.Status != 403 {
			t.Fatalf("an employee without offer_add: %d %s", r.Status, r.Body)
		}
		other := d.offer("Кофе", "product")
		if r := h.Do("POST", "/api/v3/offerPrice", apitest.Req{Token: tok, Body: offerPrice(other, opt, rubles(1, "RUB"))}); r.Status != 403 ||
			count(t, h, `SELECT COUNT(*) FROM e_offerprice WHERE c_offer_i = ?`, other) != 0 {
			t.Fatalf("an employee's new price: %d %s", r.Status, r.Body)
		}
		// The base price is the offer's own and stays.
		o := must(t, h.Do("GET", `/api/v3/offer/`+tea+`?{"fields":["price","prices"]}`, apitest.Req{}))
		if moneyOf(o, "price") != 100 || len(o["prices"].([]any)) != 2 {
			t.Fatalf("offer with prices: %v", o)
		}
		prices := must2(t, h.Do("GET", "/api/v3/offer/"+tea+"/prices", apitest.Req{Token: tok}))
		byList := map[string]float64{}
		for _, p := range prices {
			byList[p["priceList"].(map[string]any)["id"].(string)] = moneyOf(p, "price")
		}
		if len(prices) != 2 || byList[opt] != 80.15 || byList[dlr] != 70 {
			t.Fatalf("an employee reads the prices: %v", prices)
		}
		must(t, h.Do("POST", "/api/v3/offerPrice/"+p, apitest.Req{Body: map[string]any{"price": rubles(79.99, "RUB")}}))
		must(t, h.Do("DELETE", "/api/v3/offerPrice/"+p, apitest.Req{}))
		if prices := must2(t, h.Do("GET", "/api/v3/offer/"+tea+"/prices", apitest.Req{})); len(prices) != 1 {
			t.Fatalf("a cleared price stays: %v", prices)
		}
		must(t, h.Do("DELETE", "/api/v3/offer/"+tea, apitest.Req{}))
		if n := count(t, h, `SELECT COUNT(*) FROM e_offerprice`); n != 0 {
			t.Fatalf("a deleted offer left %d prices", n)
		}
	})
}

// Concurrent writers of one offer's price in one list: one price is
// written, the others are refused in words, none answers 500.
func TestConcurrentOfferPrices(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		tea := d.offer("Чай", "product")
		opt := make1(t, h, "priceList", map[string]any{"name": "Оптовая", "currency": "RUB"})
		statuses := make([]int, 16)
		var wg sync.WaitGroup
		for i := range statuses {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				statuses[i] = h.Do("POST", "/api/v3/offerPrice", apitest.Req{Body: offerPrice(tea, opt, rubles(float64(50+i), "RUB"))}).Status
			}(i)
		}
		wg.Wait()
		ok := 0
		for _, s := range statuses {
			switch s {
			case 200:
				ok++
			case 422:
			default:
				t.Fatalf("statuses: %v", statuses)
			}
		}
		if ok != 1 || count(t, h, `SELECT COUNT(*) FROM e_offerprice`) != 1 {
			t.Fatalf("one price: %v", statuses)
		}
	})
}

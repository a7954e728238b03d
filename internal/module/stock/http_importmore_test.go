package stock_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// importer opens and drives one import session over HTTP.
type importer struct {
	t     *testing.T
	h     *apitest.Harness
	tok   string
	id    string
	cols  []map[string]any
	rowID func(i int) string
}

func openImport(t *testing.T, h *apitest.Harness, tok, csv string) *importer {
	t.Helper()
	body, ct := apitest.Multipart(t, "file", map[string][]byte{"offers.csv": []byte(csv)})
	s := must(t, h.Do("POST", "/api/v3/offerImport", apitest.Req{Body: body, ContentType: ct, Token: tok}))
	im := &importer{t: t, h: h, tok: tok, id: s["id"].(string)}
	im.cols = must2(t, im.do("GET", "offerImport/"+im.id+"/columns", nil))
	rows := must2(t, im.do("GET", "offerImport/"+im.id+"/rows", nil))
	im.rowID = func(i int) string { return rows[i-1]["id"].(string) }
	return im
}

func (im *importer) do(method, path string, body any) *apitest.Resp {
	return im.h.Do(method, "/api/v3/"+path, apitest.Req{Body: body, Token: im.tok})
}

func (im *importer) session() map[string]any {
	return must(im.t, im.do("GET", "offerImport/"+im.id, nil))
}

func (im *importer) set(body map[string]any) *apitest.Resp {
	return im.do("POST", "offerImport/"+im.id, body)
}

// offerBy is the one offer a search finds.
func offerBy(t *testing.T, h *apitest.Harness, q string) map[string]any {
	t.Helper()
	found := must2(t, h.Do("GET", "/api/v3/offer"+apitest.Q(`{"q":"`+q+`"}`), apitest.Req{}))
	if len(found) != 1 {
		t.Fatalf("offers found by %q: %v", q, found)
	}
	return found[0]
}

func money(v any) float64 { return v.(map[string]any)["value"].(float64) }

// A column is mapped and a row left out or corrected through their own
// routes; a bad change is refused and changes nothing.
func TestImportColumnsAndRows(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		im := openImport(t, h, "", "Название;Цена;Заметка\nКофе;350;крепкий\nЧай;дорого;\nСахар;45;\n")
		col := im.cols[2]["id"].(string)
		c := must(t, im.do("GET", "importColumn/"+col, nil))
		if c["hrName"] != "Заметка" || c["fieldName"] != "" {
			t.Fatalf("column: %v", c)
		}
		refused(t, im.do("POST", "importColumn/"+col, map[string]any{"fieldName": "name"}), "stock_import_field", "")
		if r := im.do("POST", "importColumn/"+col, "{"); r.Status != 400 {
			t.Errorf("malformed: %d", r.Status)
		}
		if c := must(t, im.do("GET", "importColumn/"+col, nil)); c["fieldName"] != "" {
			t.Fatalf("a refused mapping changed the column: %v", c)
		}
		if c := must(t, im.do("POST", "importColumn/"+col, map[string]any{"fieldName": "description"})); c["fieldName"] != "description" {
			t.Fatalf("mapped: %v", c)
		}
		// Row 2's price is corrected; row 3 is left out.
		r := must(t, im.do("GET", "importRow/"+im.rowID(2), nil))
		if r["status"] != "error" || r["errorMessage"] != "Цена должна быть неотрицательным числом" {
			t.Fatalf("row 2: %v", r)
		}
		r = must(t, im.do("POST", "importRow/"+im.rowID(2), map[string]any{"cells": []any{
			map[string]any{"columnIndex": 1, "hrValue": "120,5"}}}))
		if r["status"] != "ok" {
			t.Fatalf("corrected row: %v", r)
		}
		refused(t, im.do("POST", "importRow/"+im.rowID(3), map[string]any{"cells": []any{
			map[string]any{"columnIndex": 9, "hrValue": "x"}}}), "stock_import_field", "")
		if r := must(t, im.do("POST", "importRow/"+im.rowID(3), map[string]any{"included": false})); r["included"] != false {
			t.Fatalf("left out: %v", r)
		}
		s := im.session()
		if s["validRowsCount"] != 2.0 || s["errorRowsCount"] != 0.0 || s["includedRowsCount"] != 2.0 {
			t.Fatalf("session: %v", s)
		}
		// Others' sessions and rows past the end are not found.
		_, tok := h.Person(t, "Ольга", "olga", "olga long password")
		if r := h.Do("GET", "/api/v3/importRow/"+im.rowID(1), apitest.Req{Token: tok}); r.Status != 404 {
			t.Errorf("another's row: %d", r.Status)
		}
		if r := im.do("GET", "importColumn/"+im.id+"0", nil); r.Status != 404 {
			t.Errorf("a column of no session: %d", r.Status)
		}
		before := count(t, h, "SELECT COUNT(*) FROM e_offer")
		s = must(t, im.set(map[string]any{"status": "saving"}))
		if s["savedRowsCount"] != 2.0 || count(t, h, "SELECT COUNT(*) FROM e_offer")-before != 2 {
			t.Fatalf("run: %v", s)
		}
		if o := offerBy(t, h, "Чай"); money(o["price"]) != 120.5 {
			t.Errorf("corrected price: %v", o["price"])
		}
		refused(t, im.do("POST", "importRow/"+im.rowID(3), map[string]any{"included": true}), "stock_import_state", "")
	})
}

// A row naming an offer of the catalogue (by article, else by its exact
// name) updates it; prices may be given before VAT; a quantity column
// brings stock into the session's warehouse by one performed income.
func TestImportUpdatesAndStock(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		wh := d.warehouse("Основной")
		make1(t, h, "offer", map[string]any{"name": "Кофе старый", "article": "K-1", "type": "product",
			"description": "как было", "price": map[string]any{"contentType": "Money", "value": 10, "currency": "USD"}})
		sugar := d.offer("Сахар", "product")
		before := count(t, h, "SELECT COUNT(*) FROM e_offer")
		im := openImport(t, h, "", "Артикул;Название;Цена;НДС;Количество;Тип\n"+
			"K-1;Кофе;100;20%;5;\n;Сахар;50;без НДС;2,5;\nM-1;Монтаж;1000;20;3;услуга\n")
		bad := must2(t, im.do("GET", "offerImport/"+im.id+"/errorRows", nil))
		if len(bad) != 3 || bad[0]["errorMessage"] != "Не выбран склад для количества" {
			t.Fatalf("without a warehouse: %v", bad)
		}
		refused(t, im.set(map[string]any{"warehouse": apitest.Link("Warehouse", "999999")}), "link_not_found", "")
		s := must(t, im.set(map[string]any{"warehouse": apitest.Link("Warehouse", wh), "isPriceWithoutTax": true}))
		if s["validRowsCount"] != 3.0 || s["isPriceWithoutTax"] != true || s["warehouse"].(map[string]any)["id"] != wh {
			t.Fatalf("session: %v", s)
		}
		s = must(t, im.set(map[string]any{"status": "saving"}))
		if s["savedRowsCount"] != 3.0 || s["updatedRowsCount"] != 2.0 {
			t.Fatalf("run: %v", s)
		}
		if n := count(t, h, "SELECT COUNT(*) FROM e_offer") - before; n != 1 {
			t.Errorf("%d offers made, want 1 (the service)", n)
		}
		coffee := offerBy(t, h, "Кофе")
		if coffee["name"] != "Кофе" || money(coffee["price"]) != 120 || money(coffee["priceWithoutTax"]) != 100 ||
			coffee["price"].(map[string]any)["currency"] != "USD" || coffee["description"] != "как было" {
			t.Errorf("updated coffee: %v", coffee)
		}
		if o := offerBy(t, h, "Сахар"); o["id"] != sugar || money(o["price"]) != 50 {
			t.Errorf("updated sugar: %v", o)
		}
		if q, _, _ := d.balance(wh, coffee["id"].(string)); q != 5 {
			t.Errorf("coffee on hand: %v", q)
		}
		if q, _, _ := d.balance(wh, sugar); q != 2.5 {
			t.Errorf("sugar on hand: %v", q)
		}
		c := must(t, h.Do("GET", "/api/v3/consignment/"+s["consignment"].(map[string]any)["id"].(string), apitest.Req{}))
		if c["type"] != "income" || c["state"] != "performed" || c["rowsCount"] != 2.0 {
			t.Errorf("the income: %v", c)
		}
	})
}

// A run the stock rules refuse (an income into a warehouse the importer
// may not receive into) writes neither offers nor stock.
func TestImportRefusedRunWritesNothing(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		shut := d.warehouse("Закрытый")
		tea := d.offer("Чай", "product")
		olga, tok := h.Person(t, "Ольга", "olga", "olga long password")
		must(t, h.Do("POST", "/api/v3/rightsGroup", apitest.Req{Body: map[string]any{"name": "Склад",
			"actions": []string{"offer_enter", "offer_add", "consignment_enter"}, "members": []any{apitest.Link("Employee", olga)}}}))
		must(t, h.Do("POST", "/api/v3/warehousePermission", apitest.Req{Body: map[string]any{
			"warehouse": apitest.Link("Warehouse", shut), "user": apitest.Link("Employee", olga),
			"warehouseRights": "read", "incomeRights": []string{"read"}}}))
		before := count(t, h, "SELECT COUNT(*) FROM e_offer")
		im := openImport(t, h, tok, "name;price;quantity\nЧай;70;4\nКофе;90;1\n")
		must(t, im.set(map[string]any{"warehouse": apitest.Link("Warehouse", shut)}))
		if r := im.set(map[string]any{"status": "saving"}); r.Status != 403 {
			t.Fatalf("run into a closed warehouse: %d %s", r.Status, r.Body)
		}
		if n := count(t, h, "SELECT COUNT(*) FROM e_offer"); n != before {
			t.Errorf("a refused run made %d offers", n-before)
		}
		if o := offerBy(t, h, "Чай"); o["id"] != tea || money(o["price"]) != 100 {
			t.Errorf("a refused run changed tea: %v", o)
		}
		if q, _, _ := d.balance(shut, tea); q != 0 {
			t.Errorf("a refused run stocked %v", q)
		}
		if s := im.session(); s["status"] != "error" || s["savedRowsCount"] != 0.0 || s["error"] == "" {
			t.Errorf("after a refused run: %v", s)
		}
	})
}

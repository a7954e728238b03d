package stock_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The catalogue goes out as CSV with its stock and comes back in as new
// offers; a bad row writes none of the file.
func TestCatalogueCSV(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		wh, tea := d.warehouse("Основной"), d.offer("Чай; зелёный", "product")
		d.receive(wh, tea, 2.5)
		imp := func(csv string) *apitest.Resp {
			body, ct := apitest.Multipart(t, "file", map[string][]byte{"offers.csv": []byte(csv)})
			return h.Do("POST", "/api/v3/offer/import", apitest.Req{Body: body, ContentType: ct})
		}
		made := must2(t, imp("\uFEFFname;article;type;price;unit\nКофе;K-1;product;350,50;кг\nМонтаж;;service;1000;час\n"))
		if len(made) != 2 {
			t.Fatalf("imported %v", made)
		}
		r := h.Do("GET", "/api/v3/offer/export", apitest.Req{})
		if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/csv") {
			t.Fatalf("export: %d %s", r.Status, r.Header.Get("Content-Type"))
		}
		out := strings.TrimPrefix(string(r.Body), "\uFEFF")
		for _, want := range []string{"id;name;article;type;price;currency;unit;balance;available",
			`;"Чай; зелёный";;product;100.00;RUB;;2.5;2.5`, ";Кофе;K-1;product;350.50;RUB;кг;0;0", ";Монтаж;;service;1000.00;RUB;час;0;0"} {
			if !strings.Contains(out, want) {
				t.Errorf("export lacks %q:\n%s", want, out)
			}
		}
		before := count(t, h, "SELECT COUNT(*) FROM e_offer")
		refused(t, imp("name;price\nХлеб;10\nМасло;много\n"), "invalid_format", "")
		refused(t, imp("title\nХлеб\n"), "stock_import_format", "")
		refused(t, imp("name;price\n;10\n"), "required", "")
		if n := count(t, h, "SELECT COUNT(*) FROM e_offer"); n != before {
			t.Errorf("a refused import wrote %d offers", n-before)
		}
	})
}

// GET /unit offers the common units of measure in the reader's language.
func TestUnits(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		ru := must2(t, h.Do("GET", "/api/v3/unit", apitest.Req{}))
		en := must2(t, h.Do("GET", "/api/v3/unit", apitest.Req{Headers: map[string]string{"Accept-Language": "en"}}))
		if len(ru) < 10 || ru[0]["name"] != "шт" || en[0]["name"] != "pcs" || ru[0]["id"] != "796" {
			t.Fatalf("units: %v / %v", ru[:1], en[:1])
		}
	})
}

// GET /offer?warehouse= and GET /warehouse?offer= list what is stocked
// where; without them they are the generic lists.
func TestListsByStock(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		a, b := d.warehouse("Основной"), d.warehouse("Пустой")
		tea, cups := d.offer("Чай", "product"), d.offer("Чашки", "product")
		d.receive(a, tea, 1)
		ids := func(r *apitest.Resp) []string {
			var out []string
			for _, o := range must2(t, r) {
				out = append(out, o["id"].(string))
			}
			return out
		}
		if got := ids(h.Do("GET", "/api/v3/offer"+apitest.Q(`{"warehouse":{"contentType":"Warehouse","id":"`+a+`"}}`), apitest.Req{})); len(got) != 1 || got[0] != tea {
			t.Errorf("offers of the warehouse: %v", got)
		}
		if got := ids(h.Do("GET", "/api/v3/offer?warehouse="+b, apitest.Req{})); len(got) != 0 {
			t.Errorf("offers of the empty warehouse: %v", got)
		}
		if got := ids(h.Do("GET", "/api/v3/warehouse?offer="+tea, apitest.Req{})); len(got) != 1 || got[0] != a {
			t.Errorf("warehouses of the offer: %v", got)
		}
		if got := ids(h.Do("GET", "/api/v3/offer"+apitest.Q(`{"limit":1}`), apitest.Req{})); len(got) != 1 {
			t.Errorf("the generic list: %v", got)
		}
		if got := ids(h.Do("GET", "/api/v3/offer"+apitest.Q(`{"q":"Чашки"}`), apitest.Req{})); len(got) != 1 || got[0] != cups {
			t.Errorf("the generic search: %v", got)
		}
		if r := h.Do("GET", "/api/v3/offer?warehouse=abc", apitest.Req{}); r.Status != 422 {
			t.Errorf("a bad warehouse: %d", r.Status)
		}
	})
}

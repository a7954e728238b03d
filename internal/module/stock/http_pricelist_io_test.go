package stock_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The catalogue's export has a column per active price list; an import
// column headed by a list's name maps to the list, and the run sets the
// offers' prices there (a new price, or the one they had).
func TestPriceListFiles(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		tea := d.offer("Чай", "product")
		opt := make1(t, h, "priceList", map[string]any{"name": "Оптовая", "currency": "RUB"})
		off := make1(t, h, "priceList", map[string]any{"name": "Старая", "currency": "RUB", "isActive": false})
		must(t, h.Do("POST", "/api/v3/offerPrice", apitest.Req{Body: offerPrice(tea, opt, rubles(80.15, "RUB"))}))
		must(t, h.Do("POST", "/api/v3/offerPrice", apitest.Req{Body: offerPrice(tea, off, rubles(1, "RUB"))}))
		r := h.Do("GET", "/api/v3/offer/export", apitest.Req{})
		lines := strings.Split(strings.TrimSpace(strings.TrimPrefix(string(r.Body), "\uFEFF")), "\n")
		if r.Status != 200 || len(lines) != 2 || lines[0] != "id;name;article;type;price;currency;unit;balance;available;Оптовая" ||
			!strings.HasSuffix(lines[1], ";80.15") {
			t.Fatalf("export: %d %q", r.Status, lines)
		}

		im := openImport(t, h, "", "Название;Цена;Оптовая\nЧай;100;75,5\nКофе;200;150\nСахар;50;\nСоль;10;дёшево\n")
		if im.cols[2]["fieldName"] != "priceList."+opt {
			t.Fatalf("a list's column: %v", im.cols[2])
		}
		bad := must2(t, im.do("GET", "offerImport/"+im.id+"/errorRows", nil))
		if len(bad) != 1 || bad[0]["errorMessage"] != "Цена должна быть неотрицательным числом" {
			t.Fatalf("a bad list price: %v", bad)
		}
		refused(t, im.set(map[string]any{"columns": []any{map[string]any{"index": 2, "fieldName": "priceList.999999"}}}), "stock_import_field", "")
		refused(t, im.set(map[string]any{"columns": []any{map[string]any{"index": 1, "fieldName": "priceList." + opt}}}), "stock_import_field", "")
		must(t, im.set(map[string]any{"status": "saving"}))
		prices := func(offer string) map[string]float64 {
			out := map[string]float64{}
			for _, p := range must2(t, h.Do("GET", "/api/v3/offer/"+offer+"/prices", apitest.Req{})) {
				out[p["priceList"].(map[string]any)["id"].(string)] = moneyOf(p, "price")
			}
			return out
		}
		if p := prices(tea); p[opt] != 75.5 || p[off] != 1 || len(p) != 2 {
			t.Fatalf("tea's prices: %v", p)
		}
		coffee := offerBy(t, h, "Кофе")["id"].(string)
		if p := prices(coffee); p[opt] != 150 || len(p) != 1 {
			t.Fatalf("coffee's prices: %v", p)
		}
		if p := prices(offerBy(t, h, "Сахар")["id"].(string)); len(p) != 0 {
			t.Fatalf("an empty cell sets no price: %v", p)
		}
	})
}

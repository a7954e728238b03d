package stock_test

import (
	"sync"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// kit makes a kit of the given parts (offer → count).
func (d *depot) kit(name string, parts map[string]float64) string {
	k := d.offer(name, "product")
	for offer, n := range parts {
		must(d.t, d.h.Do("POST", "/api/v3/offerPart", apitest.Req{Body: map[string]any{
			"offer": apitest.Link("Offer", offer), "parent": apitest.Link("Offer", k), "count": n}}))
	}
	return k
}

// kitRow is a kit's WarehouseBalance at a warehouse: on hand, free now,
// free counting receipts.
func (d *depot) kitRow(wh, kit string) (q, now, avail float64) {
	d.t.Helper()
	for _, b := range must2(d.t, d.h.Do("GET", "/api/v3/warehouse/"+wh+"/balances", apitest.Req{})) {
		if o, _ := b["offer"].(map[string]any); o["id"] == kit {
			return b["balance"].(float64), b["availableNow"].(float64), b["available"].(float64)
		}
	}
	return -1, -1, -1
}

// A kit has no stock of its own: its balance is the least over its parts
// of whole kits, and selling it takes its parts, all or nothing, with the
// spec's wording about the part that is short.
func TestKitStock(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		wh := d.warehouse("Основной")
		tea, cup, card := d.offer("Чай", "product"), d.offer("Чашка", "product"), d.offer("Открытка", "service")
		box := d.kit("Набор", map[string]float64{tea: 2, cup: 1, card: 1})
		d.receive(wh, tea, 10)
		d.receive(wh, cup, 3)
		if q, now, _ := d.kitRow(wh, box); q != 3 || now != 3 {
			t.Fatalf("kit balance %v / %v, want 3 (cups bound it)", q, now)
		}
		if q, _, _ := d.balance(wh, box); q != 3 {
			t.Fatalf("kit row %v", q)
		}
		must(t, d.consignment("expense", "performed", wh, row(box, 2)))
		if q, _, _ := d.balance(wh, tea); q != 6 {
			t.Errorf("tea %v, want 6", q)
		}
		if q, _, _ := d.balance(wh, cup); q != 1 {
			t.Errorf("cups %v, want 1", q)
		}
		if n := count(t, h, "SELECT COUNT(*) FROM stock_balances WHERE offer_id = ?", box); n != 0 {
			t.Errorf("a kit got a balance row of its own")
		}
		refused(t, d.consignment("expense", "performed", wh, row(box, 2)), "stock_exceeds",
			"Количество товара в накладной больше, чем есть на складе")
		if q, _, _ := d.balance(wh, tea); q != 6 {
			t.Errorf("a refused kit took tea: %v", q)
		}
		// A reserve of a kit reserves its parts; future receipts count.
		res := must(t, d.consignment("expense", "reserved", wh, row(box, 1)))
		if q, now, _ := d.kitRow(wh, box); q != 1 || now != 0 {
			t.Errorf("after reserving: %v on hand, %v free", q, now)
		}
		must(t, d.consignment("income", "reserved", wh, row(cup, 4)))
		if _, _, avail := d.kitRow(wh, box); avail != 2 {
			t.Errorf("counting receipts: %v, want 2 (tea 6 − 2 reserved)", avail)
		}
		must(t, d.state(res["id"].(string), "created"))
		// The offer's own figures and its balances by warehouse.
		o := must(t, h.Do("GET", "/api/v3/offer/"+box, apitest.Req{}))
		if o["balanceQuantity"] != 1.0 || o["availableQuantity"] != 1.0 {
			t.Errorf("offer figures: %v %v", o["balanceQuantity"], o["availableQuantity"])
		}
		if bs := must2(t, h.Do("GET", "/api/v3/offer/"+box+"/balances", apitest.Req{})); len(bs) != 1 || bs[0]["balance"] != 1.0 {
			t.Errorf("offer balances: %v", bs)
		}
		// Empty parts: the spec's "no goods" wording.
		d.consignment("expense", "performed", wh, row(cup, 1))
		refused(t, d.consignment("expense", "performed", wh, row(box, 1)), "stock_empty",
			"Товаров нет на складе, чтобы провести накладную")
		// A kit inside a kit expands to the leaves.
		gift := d.kit("Подарок", map[string]float64{box: 1, tea: 1})
		d.receive(wh, cup, 1)
		if q, _, _ := d.kitRow(wh, gift); q != 1 {
			t.Errorf("gift %v, want 1", q)
		}
		must(t, d.consignment("expense", "performed", wh, row(gift, 1)))
		if q, _, _ := d.balance(wh, tea); q != 3 {
			t.Errorf("tea after a gift %v, want 3", q)
		}
	})
}

// 32 kit sales at once against parts for five kits: five performed, the
// rest refused, and no part goes below zero.
func TestConcurrentKitExpenses(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		wh := d.warehouse("Основной")
		tea, cup := d.offer("Чай", "product"), d.offer("Чашка", "product")
		box := d.kit("Набор", map[string]float64{tea: 2, cup: 1})
		d.receive(wh, tea, 10)
		d.receive(wh, cup, 7)
		var wg sync.WaitGroup
		rs := make([]*apitest.Resp, 32)
		for i := range rs {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				rs[i] = d.consignment("expense", "performed", wh, row(box, 1))
			}(i)
		}
		wg.Wait()
		ok := 0
		for _, r := range rs {
			switch {
			case r.Status == 200:
				ok++
			case r.Status == 422:
			default:
				t.Errorf("unexpected %d: %s", r.Status, r.Body)
			}
		}
		if ok != 5 {
			t.Errorf("performed %d kit sales, want 5", ok)
		}
		if q, _, _ := d.balance(wh, tea); q != 0 {
			t.Errorf("tea %v, want 0", q)
		}
		if q, _, _ := d.balance(wh, cup); q != 2 {
			t.Errorf("cups %v, want 2", q)
		}
		if n := count(t, h, "SELECT COUNT(*) FROM stock_balances WHERE quantity < 0 OR reserved < 0"); n != 0 {
			t.Errorf("%d negative balances", n)
		}
	})
}

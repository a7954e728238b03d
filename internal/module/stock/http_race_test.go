package stock_test

import (
	"sync"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// 32 expenses of one each, at once, against a stock of 10: ten are
// performed, the rest refused in the spec's words, and the stock ends at
// zero, never below.
func TestConcurrentExpenses(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		wh, tea := d.warehouse("Основной"), d.offer("Чай", "product")
		d.receive(wh, tea, 10)
		var wg sync.WaitGroup
		statuses := make([]*apitest.Resp, 32)
		for i := range statuses {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				statuses[i] = d.consignment("expense", "performed", wh, row(tea, 1))
			}(i)
		}
		wg.Wait()
		ok := 0
		for _, r := range statuses {
			switch {
			case r.Status == 200:
				ok++
			case r.Status == 422 && r.Errors()[0]["message"] == empty:
			default:
				t.Errorf("unexpected %d: %s", r.Status, r.Body)
			}
		}
		if ok != 10 {
			t.Errorf("performed %d expenses, want 10", ok)
		}
		if q, _, _ := d.balance(wh, tea); q != 0 {
			t.Errorf("stock %v, want 0", q)
		}
		if n := count(t, h, "SELECT COUNT(*) FROM stock_balances WHERE quantity < 0 OR reserved < 0"); n != 0 {
			t.Errorf("%d negative balances", n)
		}
		if n := count(t, h, "SELECT COUNT(*) FROM e_consignment WHERE c_type = 'expense'"); n != 10 {
			t.Errorf("%d expenses written, want the 10 performed", n)
		}
	})
}

// The same for reserving, and for performing one consignment twice at
// once: it is taken from stock once.
func TestConcurrentReserveAndDoublePerform(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		wh, tea := d.warehouse("Основной"), d.offer("Чай", "product")
		d.receive(wh, tea, 5)
		var wg sync.WaitGroup
		for range 16 {
			wg.Add(1)
			go func() { defer wg.Done(); d.consignment("expense", "reserved", wh, row(tea, 1)) }()
		}
		wg.Wait()
		if q, r, _ := d.balance(wh, tea); q != 5 || r != 5 {
			t.Errorf("after reserving: %v on hand, %v reserved; want 5 and 5", q, r)
		}
		d.receive(wh, tea, 3)
		id := must(t, d.consignment("expense", "", wh, row(tea, 3)))["id"].(string)
		done := make([]int, 8)
		for i := range done {
			wg.Add(1)
			go func(i int) { defer wg.Done(); done[i] = d.state(id, "performed").Status }(i)
		}
		wg.Wait()
		for _, s := range done {
			if s != 200 {
				t.Errorf("perform again: %d", s)
			}
		}
		if q, _, _ := d.balance(wh, tea); q != 5 {
			t.Errorf("after a repeated perform: %v on hand, want 5", q)
		}
	})
}

// Movements both ways between two warehouses at once, with expenses from
// both: none deadlocks or fails other than in the spec's words, and the
// goods are all still there.
func TestConcurrentMovements(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		a, b := d.warehouse("Основной"), d.warehouse("Магазин")
		tea, cups := d.offer("Чай", "product"), d.offer("Чашки", "product")
		for _, wh := range []string{a, b} {
			d.receive(wh, tea, 20)
			d.receive(wh, cups, 20)
		}
		// Reserved expenses that change warehouse hold both warehouses'
		// balances too.
		var reserved []string
		for range 4 {
			reserved = append(reserved, must(t, d.consignment("expense", "reserved", a, row(tea, 1), row(cups, 1)))["id"].(string))
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		sold := 0
		for i, id := range reserved {
			wg.Add(1)
			go func() {
				defer wg.Done()
				to := []string{b, a}[i%2]
				if r := h.Do("POST", "/api/v3/consignment/"+id, apitest.Req{Body: map[string]any{"warehouse": apitest.Link("Warehouse", to)}}); r.Status != 200 && r.Status != 422 {
					t.Errorf("warehouse change: %d %s", r.Status, r.Body)
				}
			}()
		}
		for i := range 24 {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				from, to := a, b
				if i%2 == 1 {
					from, to = b, a
				}
				var r *apitest.Resp
				if i%3 == 0 {
					r = d.consignment("expense", "performed", from, row(cups, 1), row(tea, 1))
				} else {
					r = h.Do("POST", "/api/v3/warehouse/"+from+"/moveOffers/"+to, apitest.Req{Body: map[string]any{"rows": []any{row(tea, 1), row(cups, 1)}}})
				}
				if r.Status == 422 && r.Errors()[0]["type"] == "stock_exceeds" {
					return // reserves may hold what a move wants
				}
				if r.Status != 200 {
					t.Errorf("%d: %d %s", i, r.Status, r.Body)
					return
				}
				if i%3 == 0 {
					mu.Lock()
					sold++
					mu.Unlock()
				}
			}(i)
		}
		wg.Wait()
		qa, _, _ := d.balance(a, tea)
		qb, _, _ := d.balance(b, tea)
		if qa+qb != float64(40-sold) {
			t.Errorf("tea: %v + %v, want %d", qa, qb, 40-sold)
		}
	})
}

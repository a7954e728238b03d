package stock_test

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// The data set: 10,000 offers over 20 warehouses, from 50,000
// performed incomes of 20 rows each (1,000,000 consignment rows).
// ARTEL_BENCH_SMALL=1 takes a tenth of it; ARTEL_BENCH_POSTGRES=1 runs
// on PostgreSQL (ARTEL_TEST_POSTGRES names it) instead of SQLite;
// ARTEL_BENCH_KITS=1 makes every tenth offer a kit of the next three.
func benchSizes() (offers, warehouses, consignments, rowsEach int) {
	if os.Getenv("ARTEL_BENCH_SMALL") != "" {
		return 1000, 20, 5000, 20
	}
	return 10000, 20, 50000, 20
}

// stocked loads the data set by SQL in one transaction: offers,
// warehouses, consignments and their rows, and the balances the rows
// add up to (what performing them through the rules would leave).
func stocked(b *testing.B) (h *apitest.Harness, warehouses []string, offers int) {
	dialect := "sqlite"
	if os.Getenv("ARTEL_BENCH_POSTGRES") != "" { // with ARTEL_TEST_POSTGRES set
		dialect = "postgres"
	}
	h = apitest.New(b, dialect)
	nOffers, nWarehouses, nCons, rowsEach := benchSizes()
	const base = 10_000_000 // ids far above the harness's own
	ctx := context.Background()
	db := h.DB
	start := time.Now()
	err := db.WithTx(ctx, func(ctx context.Context) error {
		exec := func(q string, args ...any) error { return db.Exec(ctx, db.Dialect.Rebind(q), args...) }
		for w := 0; w < nWarehouses; w++ {
			if err := exec(`INSERT INTO e_warehouse (id, account_id, c_name) VALUES (?, ?, ?)`, base+w, h.Account, fmt.Sprintf("Склад %d", w)); err != nil {
				return err
			}
			warehouses = append(warehouses, strconv.Itoa(base+w))
		}
		for o := 0; o < nOffers; o++ {
			if err := exec(`INSERT INTO e_offer (id, account_id, c_name, c_type) VALUES (?, ?, ?, 'product')`, base+o, h.Account, fmt.Sprintf("Товар %d", o)); err != nil {
				return err
			}
		}
		if os.Getenv("ARTEL_BENCH_KITS") != "" {
			// Every tenth offer a kit of the next three (docs/performance.md).
			part := base
			for o := 0; o+3 < nOffers; o += 10 {
				for j := 1; j <= 3; j++ {
					if err := exec(`INSERT INTO e_offerpart (id, account_id, c_parent_t, c_parent_i, c_offer_t, c_offer_i, c_count)
						VALUES (?, ?, 'Offer', ?, 'Offer', ?, ?)`, part, h.Account, base+o, base+o+j, j); err != nil {
						return err
					}
					part++
				}
			}
		}
		sums := map[[2]int]int64{}
		row := base
		for c := 0; c < nCons; c++ {
			w := c % nWarehouses
			if err := exec(`INSERT INTO e_consignment (id, account_id, c_type, c_state, c_warehouse_t, c_warehouse_i)
				VALUES (?, ?, 'income', 'performed', 'Warehouse', ?)`, base+c, h.Account, base+w); err != nil {
				return err
			}
			for j := 0; j < rowsEach; j++ {
				o := (c/nWarehouses*rowsEach + j) % nOffers
				q := int64(1 + (c+j)%7)
				if err := exec(`INSERT INTO e_consignmentrow (id, account_id, c_consignment_t, c_consignment_i, c_offer_t, c_offer_i, c_quantity)
					VALUES (?, ?, 'Consignment', ?, 'Offer', ?, ?)`, row, h.Account, base+c, base+o, q); err != nil {
					return err
				}
				row++
				sums[[2]int{w, o}] += q * 1000
			}
		}
		for k, q := range sums {
			if err := exec(`INSERT INTO stock_balances (account_id, warehouse_id, offer_id, quantity) VALUES (?, ?, ?, ?)`,
				h.Account, base+k[0], base+k[1], q); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := db.Writer().ExecContext(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
	b.Logf("loaded %d offers, %d warehouses, %d consignment rows in %s", nOffers, nWarehouses, nCons*rowsEach, time.Since(start))
	return h, warehouses, nOffers
}

// BenchmarkBalancesPage reads pages of 50 balances of a warehouse, at
// random places, one after another, and reports their p50 and p99.
func BenchmarkBalancesPage(b *testing.B) {
	h, warehouses, offers := stocked(b)
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		wh := warehouses[i%len(warehouses)]
		after := 10_000_000 + (i*7919)%offers
		t0 := time.Now()
		r := h.Do("GET", "/api/v3/warehouse/"+wh+"/balances?limit=50&pageAfter="+strconv.Itoa(after), apitest.Req{})
		lat = append(lat, time.Since(t0))
		if r.Status != 200 {
			b.Fatalf("%d %s", r.Status, r.Body)
		}
	}
	b.StopTimer()
	report(b, lat)
}

// BenchmarkPerform32 has 32 writers each perform an expense of one from
// a warehouse's stock (and an income every tenth), through HTTP, and
// reports the performed consignments per second.
func BenchmarkPerform32(b *testing.B) {
	h, warehouses, offers := stocked(b)
	var next, done atomic.Int64
	lat := make([]time.Duration, b.N)
	b.ResetTimer()
	t0 := time.Now()
	var wg sync.WaitGroup
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := next.Add(1) - 1
				if i >= int64(b.N) {
					return
				}
				typ := "expense"
				if i%10 == 0 {
					typ = "income"
				}
				offer := strconv.Itoa(10_000_000 + int(i)%offers)
				body := map[string]any{"type": typ, "state": "performed", "warehouse": apitest.Link("Warehouse", warehouses[int(i)%len(warehouses)]),
					"rows": []any{row(offer, 1)}}
				s := time.Now()
				r := h.Do("POST", "/api/v3/consignment", apitest.Req{Body: body})
				lat[i] = time.Since(s)
				if r.Status == 200 {
					done.Add(1)
				} else if r.Status != 422 {
					b.Errorf("%d %s", r.Status, r.Body)
				}
			}
		}()
	}
	wg.Wait()
	b.StopTimer()
	b.ReportMetric(float64(b.N)/time.Since(t0).Seconds(), "saves/s")
	b.ReportMetric(float64(done.Load())/float64(b.N), "performed/op")
	report(b, lat)
}

func report(b *testing.B, lat []time.Duration) {
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
	b.ReportMetric(pct(0.5), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
}

// Command finance measures the invoice PDF: how many 50-row invoices in
// the Russian form (internal/module/finance/pdf, DejaVu Sans embedded)
// one process renders per second, and the latency of one render (p50,
// p99), for each concurrency given. It times the renderer alone: the
// reads of GET /invoice/{id}/pdf (the invoice, its payers and rows) are
// ordinary entity reads measured by bench/load.
//
//	go run ./bench/finance -duration 10s -concurrency 1,2
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/artel/artel/internal/module/finance/pdf"
)

func invoice(rows int) *pdf.Invoice {
	inv := &pdf.Invoice{Number: "1024", Date: "25 октября 2026 г.", Deadline: "5 ноября 2026 г.", HasTax: true,
		Payee: pdf.Party{Name: "ООО «Артель Демо»", INN: "7704123456", KPP: "770401001", Address: "119034, Москва, Пречистенская наб., 17",
			Bank: "ПАО Сбербанк, г. Москва", BIK: "044525225", CorrAccount: "30101810400000000225", CurrentAcct: "40702810938000012345"},
		Payer: pdf.Party{Name: "ООО «Торговый дом Северный ветер»", INN: "7801234567", KPP: "780101001", Address: "Санкт-Петербург, Невский пр., 100"}}
	for i := range rows {
		price := int64(12345 + i*1111)
		q := int64(i%7 + 1)
		inv.Rows = append(inv.Rows, pdf.Row{Name: fmt.Sprintf("Позиция каталога № %d: кабель медный ВВГнг-LS 3×2,5 мм², бухта", i+1),
			Quantity: strconv.FormatInt(q, 10), Unit: "шт", Price: price, Sum: price * q})
		inv.Total += price * q
	}
	inv.Tax = (inv.Total*20 + 60) / 120
	return inv
}

func main() {
	duration := flag.Duration("duration", 10*time.Second, "how long each concurrency renders")
	conc := flag.String("concurrency", "1,2", "renders at once, comma-separated")
	rows := flag.Int("rows", 50, "rows of the invoice")
	flag.Parse()
	inv := invoice(*rows)
	data, err := pdf.Render(inv)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("invoice of %d rows: %d bytes; GOMAXPROCS %d\n", *rows, len(data), runtime.GOMAXPROCS(0))
	fmt.Printf("%-12s %10s %10s %10s %10s\n", "concurrency", "renders", "per sec", "p50 ms", "p99 ms")
	for _, s := range strings.Split(*conc, ",") {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			log.Fatalf("bad concurrency %q", s)
		}
		var mu sync.Mutex
		var took []time.Duration
		var wg sync.WaitGroup
		stop := time.Now().Add(*duration)
		start := time.Now()
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var mine []time.Duration
				for time.Now().Before(stop) {
					t0 := time.Now()
					if _, err := pdf.Render(inv); err != nil {
						log.Fatal(err)
					}
					mine = append(mine, time.Since(t0))
				}
				mu.Lock()
				took = append(took, mine...)
				mu.Unlock()
			}()
		}
		wg.Wait()
		elapsed := time.Since(start)
		slices.Sort(took)
		at := func(q float64) float64 { return float64(took[int(q*float64(len(took)-1))].Microseconds()) / 1000 }
		fmt.Printf("%-12d %10d %10.1f %10.2f %10.2f\n", n, len(took), float64(len(took))/elapsed.Seconds(), at(0.5), at(0.99))
	}
	os.Exit(0)
}

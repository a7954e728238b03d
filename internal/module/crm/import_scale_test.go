package crm_test

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// TestImportScale is the import figure, run on demand only:
// ARTEL_BENCH_IMPORT=100000 go test -run TestImportScale -v
// ./internal/module/crm/ imports a CSV of that many people (a phone and
// an e-mail each, one row in fifty a duplicate of an earlier one, one in
// a hundred with a bad phone) on SQLite, and prints rows per second and
// the peak Go heap while the job runs (docs/performance.md).
func TestImportScale(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ARTEL_BENCH_IMPORT"))
	if n == 0 {
		t.Skip("ARTEL_BENCH_IMPORT not set")
	}
	dialect := "sqlite"
	if os.Getenv("ARTEL_TEST_POSTGRES") != "" && os.Getenv("ARTEL_BENCH_DIALECT") == "postgres" {
		dialect = "postgres"
	}
	h := apitest.New(t, dialect)
	var b strings.Builder
	b.WriteString("ФИО;Телефон;E-mail;Должность\n")
	for i := range n {
		num := 1_000_000 + i
		if i%50 == 49 {
			num-- // the row before's number: a duplicate
		}
		phone := fmt.Sprintf("+7 (9%02d) %03d-%02d-%02d", num/10_000_000%100, num/10_000%1000, num/100%100, num%100)
		if i%100 == 99 {
			phone = "12"
		}
		fmt.Fprintf(&b, "Фамилия%d Имя%d Отчество;%s;user%d@example.com;Менеджер\n", i, i, phone, i)
	}
	r := startImport(t, h, "", "big.csv", []byte(b.String()), "human")
	if r.Status != 200 {
		t.Fatalf("session: %d %s", r.Status, r.Body)
	}
	id := r.Obj()["id"].(string)
	var peak uint64
	done := make(chan struct{})
	go func() {
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(100 * time.Millisecond):
				runtime.ReadMemStats(&m)
				peak = max(peak, m.HeapAlloc)
			}
		}
	}()
	start := time.Now()
	if r := h.Do("POST", "/api/v3/contractorImport/"+id, apitest.Req{Body: map[string]any{"duplicates": "skip", "status": "saving"}}); r.Status != 200 {
		t.Fatalf("start: %d %s", r.Status, r.Body)
	}
	var got map[string]any
	for deadline := time.Now().Add(2 * time.Hour); time.Now().Before(deadline); time.Sleep(time.Second) {
		got = h.Do("GET", "/api/v3/contractorImport/"+id, apitest.Req{}).Obj()
		if got["status"] == "saved" {
			break
		}
	}
	took := time.Since(start)
	close(done)
	t.Logf("%s: %d rows in %.1f s = %.0f rows/s; created %v, skipped %v, errors %v; peak Go heap %.0f MB",
		dialect, n, took.Seconds(), float64(n)/took.Seconds(), got["createdCount"], got["skippedCount"], got["errorRowsCount"], float64(peak)/(1<<20))
	if got["status"] != "saved" {
		t.Fatalf("not finished: %v", got)
	}
}

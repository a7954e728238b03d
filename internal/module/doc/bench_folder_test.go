package doc_test

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// folderBenchDocs is how many documents BenchmarkFolderList puts in one
// folder (the figure).
const folderBenchDocs = 10_000

// BenchmarkFolderList lists a folder of 10,000 documents as the web asks
// for it (GET /doc?parentFolder=…) on SQLite, for the folder's owner (an
// ordinary employee) and for a colleague who reads it through a right on
// the folder, a page of 50 and the web's 500; it reports p50 and p99 of
// 300 sequential calls each, measured at the client over real HTTP:
//
//	go test -run x -bench FolderList -benchtime 1x ./internal/module/doc/
func BenchmarkFolderList(b *testing.B) {
	h := apitest.New(b, "sqlite")
	c := newCast(b, h)
	c.give(b, apitest.Link("DocFolder", c.root), apitest.Link("Employee", c.ivanID), "reader")
	// 10,000 text documents, four writers at a time as several people would.
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < folderBenchDocs; i += 4 {
				r := c.do("POST", "/doc", c.olga, map[string]any{"name": fmt.Sprintf("Договор %05d", i),
					"folder": apitest.Link("DocFolder", c.root), "content": "<p>Текст договора</p>"})
				if r.Status != 200 {
					errs <- fmt.Sprintf("doc %d: %d %s", i, r.Status, r.Body)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		b.Fatal(e)
	}
	folder := `{"contentType":"DocFolder","id":"` + c.root + `"}`
	for i := 0; i < b.N; i++ {
		for _, who := range []struct{ name, token string }{{"owner", c.olga}, {"reader", c.ivan}} {
			for _, limit := range []int{50, 500} {
				q := url.Values{"parentFolder": {folder}, "limit": {fmt.Sprint(limit)}}
				lat := make([]time.Duration, 300)
				for j := range lat {
					req, _ := http.NewRequest("GET", h.URL+"/api/v3/doc?"+q.Encode(), nil)
					req.Header.Set("Authorization", "Bearer "+who.token)
					t0 := time.Now()
					res, err := http.DefaultClient.Do(req)
					if err != nil {
						b.Fatal(err)
					}
					_, _ = io.Copy(io.Discard, res.Body)
					res.Body.Close()
					lat[j] = time.Since(t0)
					if res.StatusCode != 200 {
						b.Fatalf("list: %d", res.StatusCode)
					}
				}
				slices.Sort(lat)
				ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
				b.ReportMetric(ms(lat[len(lat)/2]), fmt.Sprintf("ms-p50-%s-%d", who.name, limit))
				b.ReportMetric(ms(lat[len(lat)*99/100]), fmt.Sprintf("ms-p99-%s-%d", who.name, limit))
			}
		}
	}
}

package file_test

import (
	"fmt"
	"io"
	"net/http"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// apiBenchSize is the file BenchmarkResumableAPI sends through the API.
const apiBenchSize = 512 << 20

// heapPeak samples the heap in use until stop is called, answering the
// largest figure seen above the one at the start.
func heapPeak() (stop func() uint64) {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	var peak atomic.Uint64
	done := make(chan struct{})
	go func() {
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
				runtime.ReadMemStats(&m)
				if m.HeapInuse > base && m.HeapInuse-base > peak.Load() {
					peak.Store(m.HeapInuse - base)
				}
			}
		}
	}()
	return func() uint64 { close(done); return peak.Load() }
}

// BenchmarkResumableAPI sends a 512 MB file through the resumable routes
// (8 MB chunks over real HTTP, SQLite) to the store ARTEL_TEST_STORAGE
// names (disk or s3; the database store keeps 25 MB), then downloads it,
// reporting MB/s each way and the heap's peak growth (client, server and,
// for s3, the in-process fake S3 server together):
//
//	ARTEL_TEST_STORAGE=disk go test -run x -bench ResumableAPI -benchtime 1x ./internal/module/file/
func BenchmarkResumableAPI(b *testing.B) {
	h := apitest.New(b, "sqlite")
	chunk := make([]byte, 8<<20)
	for i := 0; i < b.N; i++ {
		stop := heapPeak()
		t0 := time.Now()
		s := h.Do("POST", "/api/v3/file/upload", apitest.Req{Body: map[string]any{"name": "big.bin", "size": apiBenchSize}})
		if s.Status != 200 {
			b.Fatalf("start: %d %s", s.Status, s.Body)
		}
		id := s.Obj()["id"].(string)
		var path string
		for off := 0; off < apiBenchSize; off += len(chunk) {
			r := h.Do("PATCH", "/api/v3/file/upload/"+id, apitest.Req{Body: string(chunk),
				Headers: map[string]string{"Upload-Offset": fmt.Sprint(off)}})
			if r.Status != 200 {
				b.Fatalf("chunk at %d: %d %s", off, r.Status, r.Body)
			}
			if f, ok := r.Obj()["file"].(map[string]any); ok {
				path = f["path"].(string)
			}
		}
		up := time.Since(t0)
		t0 = time.Now()
		req, _ := http.NewRequest("GET", h.URL+path, nil)
		req.Header.Set("Authorization", "Bearer "+h.Token)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		n, _ := io.Copy(io.Discard, res.Body)
		res.Body.Close()
		down := time.Since(t0)
		peak := stop()
		if n != apiBenchSize {
			b.Fatalf("downloaded %d", n)
		}
		b.ReportMetric(float64(apiBenchSize>>20)/up.Seconds(), "MB/s-up")
		b.ReportMetric(float64(apiBenchSize>>20)/down.Seconds(), "MB/s-down")
		b.ReportMetric(float64(peak>>20), "MB-heap-peak")
	}
}

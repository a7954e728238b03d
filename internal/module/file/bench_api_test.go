package file_test

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// apiBenchSize is the file BenchmarkResumableAPI sends through the API:
// 512 MB, or ARTEL_BENCH_MB megabytes (1024 for the 1 GB).
func apiBenchSize() int {
	if mb, err := strconv.Atoi(os.Getenv("ARTEL_BENCH_MB")); err == nil && mb > 0 {
		return mb << 20
	}
	return 512 << 20
}

// peakRSS is the process's peak resident set so far (VmHWM), in MB; 0
// where /proc does not tell it.
func peakRSS() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			return float64(kb) / 1024
		}
	}
	return 0
}

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

// sendResumable sends size bytes, chunk after chunk, through the
// resumable routes and answers the made File's download path.
func sendResumable(t testing.TB, h *apitest.Harness, chunk []byte, size int) string {
	t.Helper()
	s := h.Do("POST", "/api/v3/file/upload", apitest.Req{Body: map[string]any{"name": "big.bin", "size": size}})
	if s.Status != 200 {
		t.Fatalf("start: %d %s", s.Status, s.Body)
	}
	id := s.Obj()["id"].(string)
	var path string
	for off := 0; off < size; off += len(chunk) {
		r := h.Do("PATCH", "/api/v3/file/upload/"+id, apitest.Req{Body: string(chunk),
			Headers: map[string]string{"Upload-Offset": fmt.Sprint(off)}})
		if r.Status != 200 {
			t.Fatalf("chunk at %d: %d %s", off, r.Status, r.Body)
		}
		if f, ok := r.Obj()["file"].(map[string]any); ok {
			path = f["path"].(string)
		}
	}
	if path == "" {
		t.Fatal("the last chunk made no file")
	}
	return path
}

// BenchmarkResumableAPI sends a 512 MB file (ARTEL_BENCH_MB) through the
// resumable routes (8 MB chunks over real HTTP, SQLite) to the store
// ARTEL_TEST_STORAGE names (disk, s3 or s3ext; the database store keeps
// 25 MB), then downloads it, reporting MB/s each way, the heap's peak
// growth and the process's peak RSS (client and server together, and for
// s3 the in-process fake S3 server; s3ext keeps the server out):
//
//	ARTEL_TEST_STORAGE=disk go test -run x -bench ResumableAPI -benchtime 1x ./internal/module/file/
func BenchmarkResumableAPI(b *testing.B) {
	h := apitest.New(b, "sqlite")
	chunk := make([]byte, 8<<20)
	size := apiBenchSize()
	for i := 0; i < b.N; i++ {
		stop := heapPeak()
		t0 := time.Now()
		path := sendResumable(b, h, chunk, size)
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
		if n != int64(size) {
			b.Fatalf("downloaded %d", n)
		}
		b.ReportMetric(float64(size>>20)/up.Seconds(), "MB/s-up")
		b.ReportMetric(float64(size>>20)/down.Seconds(), "MB/s-down")
		b.ReportMetric(float64(peak>>20), "MB-heap-peak")
		b.ReportMetric(peakRSS(), "MB-rss-peak")
	}
}

package file_test

import (
	"io"
	"net/http"
	"os"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A 1 GB file goes up through the resumable routes and comes back down
// without the process's memory growing with it: the server streams each
// chunk to the store and the download from it. Run on the disk store
// (make test's disk rerun); the database store keeps 25 MB and the
// in-process fake S3 server holds every part in memory itself.
func TestGigabyteStreams(t *testing.T) {
	if os.Getenv("ARTEL_TEST_STORAGE") != "disk" {
		t.Skip("the 1 GB stream runs on the disk store (ARTEL_TEST_STORAGE=disk)")
	}
	const size = 1 << 30
	h := apitest.New(t, "sqlite")
	chunk := make([]byte, 8<<20)
	for i := range chunk {
		chunk[i] = byte(i * 7)
	}
	stop := heapPeak()
	path := sendResumable(t, h, chunk, size)
	req, _ := http.NewRequest("GET", h.URL+path, nil)
	req.Header.Set("Authorization", "Bearer "+h.Token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	// Every byte comes back as sent.
	buf := make([]byte, len(chunk))
	var n int
	for n < size {
		got, err := io.ReadFull(res.Body, buf)
		for i := 0; i < got; i++ {
			if buf[i] != chunk[(n+i)%len(chunk)] {
				t.Fatalf("byte %d differs", n+i)
			}
		}
		n += got
		if err != nil {
			break
		}
	}
	peak := stop()
	if n != size {
		t.Fatalf("downloaded %d of %d bytes", n, size)
	}
	// The client's chunk, its copies in flight and the server's buffers:
	// tens of megabytes, never the file.
	if peak > 128<<20 {
		t.Fatalf("the heap grew by %d MB moving 1 GB", peak>>20)
	}
}

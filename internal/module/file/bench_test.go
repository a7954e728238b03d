package file_test

import (
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3afero"
	"github.com/spf13/afero"

	"github.com/artel/artel/internal/module/file"
)

// benchSize is the file the storage benchmarks move: B/op against it
// shows whether a store holds the file in memory (it must not).
const benchSize = 100 << 20

// zeros reads n bytes without holding them.
type zeros struct{ n int64 }

func (z *zeros) Read(p []byte) (int, error) {
	if z.n <= 0 {
		return 0, io.EOF
	}
	k := min(int64(len(p)), z.n)
	clear(p[:k])
	z.n -= k
	return int(k), nil
}

func benchStore(b *testing.B, st file.Storage) {
	ctx := context.Background()
	b.Run("put", func(b *testing.B) {
		b.SetBytes(benchSize)
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := st.Put(ctx, "bench/put", &zeros{benchSize}, -1); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("get", func(b *testing.B) {
		b.SetBytes(benchSize)
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			o, err := st.Open(ctx, "bench/put")
			if err != nil {
				b.Fatal(err)
			}
			if n, err := io.Copy(io.Discard, o); err != nil || n != benchSize {
				b.Fatal(n, err)
			}
			o.Close()
		}
	})
}

// BenchmarkDisk: go test -run x -bench Disk -benchtime 5x ./internal/module/file/
func BenchmarkDisk(b *testing.B) { benchStore(b, file.NewDisk(b.TempDir())) }

// BenchmarkS3 runs against gofakes3 keeping objects on disk, so the
// server's own memory does not count the file.
func BenchmarkS3(b *testing.B) {
	backend, err := s3afero.MultiBucket(afero.NewBasePathFs(afero.NewOsFs(), b.TempDir()))
	if err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(gofakes3.New(backend).Server())
	defer ts.Close()
	st, err := file.NewS3(context.Background(), file.S3Config{Endpoint: strings.TrimPrefix(ts.URL, "http://"),
		Bucket: "artel-bench", AccessKey: "k", SecretKey: "s", Region: "us-east-1", Insecure: true})
	if err != nil {
		b.Fatal(err)
	}
	benchStore(b, st)
}

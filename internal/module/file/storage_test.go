package file_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/artel/artel/internal/module/file"
)

// TestStores runs the Storage contract on the disk and on a real S3
// server (gofakes3 over HTTP): streamed put, stat, seek, delete.
func TestStores(t *testing.T) {
	ts := httptest.NewServer(gofakes3.New(s3mem.New()).Server())
	defer ts.Close()
	s3, err := file.NewS3(context.Background(), file.S3Config{Endpoint: strings.TrimPrefix(ts.URL, "http://"),
		Bucket: "artel-files", AccessKey: "k", SecretKey: "s", Region: "us-east-1", Insecure: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []file.Storage{file.NewDisk(t.TempDir()), s3} {
		t.Run(st.Name(), func(t *testing.T) {
			ctx := context.Background()
			data := bytes.Repeat([]byte("0123456789"), 1_700_000) // 17 MB: two S3 parts
			// Unknown size: the store must stream it.
			n, err := st.Put(ctx, "f/1/abc", io.MultiReader(bytes.NewReader(data)), -1)
			if err != nil || n != int64(len(data)) {
				t.Fatalf("put: %d %v", n, err)
			}
			if n, err := st.Stat(ctx, "f/1/abc"); err != nil || n != int64(len(data)) {
				t.Fatalf("stat: %d %v", n, err)
			}
			o, err := st.Open(ctx, "f/1/abc")
			if err != nil || o.Size() != int64(len(data)) {
				t.Fatalf("open: %v", err)
			}
			if _, err := o.Seek(2_000_005, io.SeekStart); err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, 7)
			if _, err := io.ReadFull(o, buf); err != nil || string(buf) != "5678901" {
				t.Fatalf("ranged read: %q %v", buf, err)
			}
			o.Close()
			if err := st.Delete(ctx, "f/1/abc"); err != nil {
				t.Fatal(err)
			}
			if _, err := st.Open(ctx, "f/1/abc"); !errors.Is(err, file.ErrNoObject) {
				t.Fatalf("open after delete: %v", err)
			}
			if _, err := st.Stat(ctx, "f/1/abc"); !errors.Is(err, file.ErrNoObject) {
				t.Fatalf("stat after delete: %v", err)
			}
		})
	}
	if _, err := file.NewDisk(t.TempDir()).Put(context.Background(), "../x", strings.NewReader("x"), 1); err == nil {
		t.Fatal("a key out of the directory was written")
	}
}

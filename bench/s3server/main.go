// Command s3server runs an S3-compatible server (gofakes3, objects on
// disk) in a process of its own, so a benchmark measures Artel's memory
// and not the server's: the in-process fake of the tests keeps every
// multipart part in memory. Not for production.
//
//	go run ./bench/s3server -dir /tmp/s3 -listen 127.0.0.1:9310
//	ARTEL_TEST_STORAGE=s3ext ARTEL_S3_ENDPOINT=127.0.0.1:9310 … go test -bench ResumableAPI ./internal/module/file/
package main

import (
	"flag"
	"log"
	"net/http"
	"os"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3afero"
	"github.com/spf13/afero"
)

func main() {
	dir := flag.String("dir", "", "directory the objects are kept in (required)")
	listen := flag.String("listen", "127.0.0.1:9310", "address to serve S3 on")
	flag.Parse()
	if *dir == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		log.Fatal(err)
	}
	fs, err := s3afero.NewBasePathFs(afero.NewOsFs(), *dir, s3afero.FsPathCreateAll)
	if err != nil {
		log.Fatal(err)
	}
	backend, err := s3afero.MultiBucket(fs)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("s3server: %s on http://%s", *dir, *listen)
	log.Fatal(http.ListenAndServe(*listen, gofakes3.New(backend).Server()))
}

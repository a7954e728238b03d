// Package filetest points the file store of the servers a test package
// builds at the store ARTEL_TEST_STORAGE names: db (default), disk (a
// temporary directory) or s3 (a real S3 server, gofakes3, started in the
// process). A package's TestMain calls Run.
package filetest

import (
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// Run sets the store up, runs the tests and answers their exit code.
func Run(m *testing.M) int {
	switch kind := os.Getenv("ARTEL_TEST_STORAGE"); kind {
	case "", "db":
	case "disk":
		dir, err := os.MkdirTemp("", "artel-files-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(dir)
		os.Setenv("ARTEL_STORAGE", "disk")
		os.Setenv("ARTEL_STORAGE_DIR", dir)
	case "s3":
		stop := StartS3()
		defer stop()
	default:
		fmt.Fprintf(os.Stderr, "ARTEL_TEST_STORAGE=%q: want db, disk or s3\n", kind)
		return 1
	}
	return m.Run()
}

// StartS3 starts an in-memory S3 server and points the file store at it
// (through the environment file.Configure reads).
func StartS3() (stop func()) {
	ts := httptest.NewServer(gofakes3.New(s3mem.New()).Server())
	os.Setenv("ARTEL_STORAGE", "s3")
	os.Setenv("ARTEL_S3_ENDPOINT", strings.TrimPrefix(ts.URL, "http://"))
	os.Setenv("ARTEL_S3_BUCKET", "artel-test")
	os.Setenv("ARTEL_S3_ACCESS_KEY", "key")
	os.Setenv("ARTEL_S3_SECRET_KEY", "secret")
	os.Setenv("ARTEL_S3_REGION", "us-east-1")
	os.Setenv("ARTEL_S3_INSECURE", "1")
	return ts.Close
}

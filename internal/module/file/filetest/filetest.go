// Package filetest points the file store of the servers a test package
// builds at the store ARTEL_TEST_STORAGE names: db (default), disk (a
// temporary directory), s3 (a real S3 server, gofakes3, started in the
// process) or s3ext (an S3 server already running, named by the ARTEL_S3_*
// variables). A package's TestMain calls Run.
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
	case "s3ext":
		// An S3 server already running, named by ARTEL_S3_ENDPOINT and the
		// rest of file.Configure's variables (bench/s3server for one in a
		// process of its own, so a benchmark weighs Artel alone).
		if os.Getenv("ARTEL_S3_ENDPOINT") == "" {
			fmt.Fprintln(os.Stderr, "ARTEL_TEST_STORAGE=s3ext needs ARTEL_S3_ENDPOINT")
			return 1
		}
		os.Setenv("ARTEL_STORAGE", "s3")
	default:
		fmt.Fprintf(os.Stderr, "ARTEL_TEST_STORAGE=%q: want db, disk, s3 or s3ext\n", kind)
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

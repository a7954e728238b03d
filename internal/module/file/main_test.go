package file_test

import (
	"os"
	"testing"

	"github.com/artel/artel/internal/module/file/filetest"
)

// TestMain runs the package's tests on the store ARTEL_TEST_STORAGE names
// (db, disk or s3: filetest).
func TestMain(m *testing.M) { os.Exit(filetest.Run(m)) }

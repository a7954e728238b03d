package file

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// Configure picks where new uploads go and the limits from the
// environment (docs/operations.md):
//
//	ARTEL_STORAGE          db (default), disk or s3
//	ARTEL_STORAGE_DIR      disk: the directory (default $ARTEL_DATA/files)
//	ARTEL_S3_ENDPOINT, ARTEL_S3_BUCKET, ARTEL_S3_ACCESS_KEY, ARTEL_S3_SECRET_KEY,
//	ARTEL_S3_REGION, ARTEL_S3_INSECURE (1: plain HTTP)
//	ARTEL_UPLOAD_MAX_MB    largest streamed or resumable upload (default 4096)
//	ARTEL_STORAGE_QUOTA_MB each account's space, 0 for no limit (default)
//
// Secrets come from the environment only: a flag would show in the
// process list.
func (f *Files) Configure(ctx context.Context) error {
	mb := func(name string, def int64) (int64, error) {
		v := os.Getenv(name)
		if v == "" {
			return def << 20, nil
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("file: %s=%q is no number of megabytes", name, v)
		}
		return n << 20, nil
	}
	var err error
	if f.MaxUpload, err = mb("ARTEL_UPLOAD_MAX_MB", 4096); err != nil {
		return err
	}
	if f.Quota, err = mb("ARTEL_STORAGE_QUOTA_MB", 0); err != nil {
		return err
	}
	switch kind := os.Getenv("ARTEL_STORAGE"); kind {
	case "", "db":
		return nil
	case "disk":
		dir := os.Getenv("ARTEL_STORAGE_DIR")
		if dir == "" {
			data := os.Getenv("ARTEL_DATA")
			if data == "" {
				data = "./data"
			}
			dir = filepath.Join(data, "files")
		}
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return fmt.Errorf("file: storage dir: %w", err)
		}
		f.UseStorage(diskStorage{dir: dir})
		return nil
	case "s3":
		s, err := NewS3(ctx, S3Config{Endpoint: os.Getenv("ARTEL_S3_ENDPOINT"), Bucket: os.Getenv("ARTEL_S3_BUCKET"),
			AccessKey: os.Getenv("ARTEL_S3_ACCESS_KEY"), SecretKey: os.Getenv("ARTEL_S3_SECRET_KEY"),
			Region: os.Getenv("ARTEL_S3_REGION"), Insecure: os.Getenv("ARTEL_S3_INSECURE") == "1"})
		if err != nil {
			return err
		}
		f.UseStorage(s)
		return nil
	default:
		return fmt.Errorf("file: ARTEL_STORAGE=%q: want db, disk or s3", kind)
	}
}

// NewDisk is the local-disk store under dir.
func NewDisk(dir string) Storage { return diskStorage{dir: dir} }

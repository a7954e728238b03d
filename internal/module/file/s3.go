package file

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Config names an S3-compatible bucket.
type S3Config struct {
	Endpoint, Bucket, AccessKey, SecretKey, Region string
	Insecure                                       bool // plain HTTP (a local MinIO)
}

// s3Storage keeps objects in an S3-compatible bucket through minio-go,
// which streams a Put of unknown size as a multipart upload.
type s3Storage struct {
	c      *minio.Client
	bucket string
}

// NewS3 connects to the bucket, making it when it is missing.
func NewS3(ctx context.Context, cfg S3Config) (Storage, error) {
	c, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: !cfg.Insecure, Region: cfg.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("file: s3: %w", err)
	}
	ok, err := c.BucketExists(ctx, cfg.Bucket)
	if err != nil {
		return nil, fmt.Errorf("file: s3 bucket %s: %w", cfg.Bucket, err)
	}
	if !ok {
		if err := c.MakeBucket(ctx, cfg.Bucket, minio.MakeBucketOptions{Region: cfg.Region}); err != nil {
			return nil, fmt.Errorf("file: s3 make bucket %s: %w", cfg.Bucket, err)
		}
	}
	return s3Storage{c: c, bucket: cfg.Bucket}, nil
}

func (s s3Storage) Name() string { return "s3" }

func (s s3Storage) Put(ctx context.Context, key string, r io.Reader, size int64) (int64, error) {
	// 16 MB parts bound the memory a stream of unknown size takes. The
	// payload goes unsigned (its checksum still sent): the aws-chunked
	// signing of plain-HTTP uploads is not understood by every
	// S3-compatible server (gofakes3 stores the chunk headers as bytes).
	info, err := s.c.PutObject(ctx, s.bucket, key, r, size, minio.PutObjectOptions{
		ContentType: "application/octet-stream", PartSize: 16 << 20, DisableContentSha256: true})
	if err != nil {
		return 0, fmt.Errorf("file: s3 put: %w", err)
	}
	return info.Size, nil
}

func (s s3Storage) Open(ctx context.Context, key string) (Object, error) {
	o, err := s.c.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, s3Err(err)
	}
	st, err := o.Stat()
	if err != nil {
		o.Close()
		return nil, s3Err(err)
	}
	return s3Object{o, st.Size}, nil
}

func (s s3Storage) Delete(ctx context.Context, key string) error {
	return s3Err(s.c.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{}))
}

func (s s3Storage) Stat(ctx context.Context, key string) (int64, error) {
	st, err := s.c.StatObject(ctx, s.bucket, key, minio.StatObjectOptions{})
	if err != nil {
		return 0, s3Err(err)
	}
	return st.Size, nil
}

func s3Err(err error) error {
	if err == nil {
		return nil
	}
	var r minio.ErrorResponse
	if errors.As(err, &r) && (r.Code == "NoSuchKey" || r.StatusCode == 404) {
		return ErrNoObject
	}
	return err
}

// s3Object reads with ranged GETs after a Seek (minio.Object does that).
type s3Object struct {
	*minio.Object
	size int64
}

func (o s3Object) Size() int64 { return o.size }

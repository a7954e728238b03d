package file

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/artel/artel/internal/store"
)

// Storage keeps file bytes by key. Put streams from a reader; Open gives
// a reader that can seek, so a download answers Range requests without
// reading the whole file.
type Storage interface {
	Name() string
	Put(ctx context.Context, key string, r io.Reader, size int64) (int64, error)
	Open(ctx context.Context, key string) (Object, error)
	Delete(ctx context.Context, key string) error
	Stat(ctx context.Context, key string) (int64, error)
}

// Object is stored bytes being read.
type Object interface {
	io.ReadSeekCloser
	Size() int64
}

// ErrNoObject is a key with no bytes behind it.
var ErrNoObject = errors.New("file: no such object")

// dbStorage keeps bytes in the table file_objects: one thing to back up,
// but each file is read into memory whole, so its files stay small.
type dbStorage struct{ db *store.DB }

func (s dbStorage) Name() string { return "db" }

func (s dbStorage) Put(ctx context.Context, key string, r io.Reader, size int64) (int64, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return 0, err
	}
	if len(data) > MaxSize {
		return 0, errTooLarge
	}
	// Exec: in the upload's transaction, or on the writer for a part.
	if err := s.db.Exec(ctx, "INSERT INTO file_objects (object_key, bytes) VALUES (?, ?)", key, data); err != nil {
		return 0, fmt.Errorf("file: db put: %w", err)
	}
	return int64(len(data)), nil
}

func (s dbStorage) Open(ctx context.Context, key string) (Object, error) {
	var data []byte
	err := s.db.Q(ctx).QueryRowContext(ctx, s.db.Dialect.Rebind(
		"SELECT bytes FROM file_objects WHERE object_key = ?"), key).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoObject
	}
	if err != nil {
		return nil, fmt.Errorf("file: db open: %w", err)
	}
	return memObject{bytes.NewReader(data)}, nil
}

func (s dbStorage) Delete(ctx context.Context, key string) error {
	return s.db.Exec(ctx, "DELETE FROM file_objects WHERE object_key = ?", key)
}

func (s dbStorage) Stat(ctx context.Context, key string) (int64, error) {
	var n int64
	err := s.db.Q(ctx).QueryRowContext(ctx, s.db.Dialect.Rebind(
		"SELECT LENGTH(bytes) FROM file_objects WHERE object_key = ?"), key).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNoObject
	}
	return n, err
}

type memObject struct{ *bytes.Reader }

func (memObject) Close() error { return nil }

// diskStorage keeps each object as a file under a directory. Keys are
// made by this package (never from a client's name), and still checked
// to stay inside the directory.
type diskStorage struct{ dir string }

func (s diskStorage) Name() string { return "disk" }

func (s diskStorage) path(key string) (string, error) {
	if key == "" || strings.Contains(key, "..") || strings.HasPrefix(key, "/") || strings.Contains(key, "\\") {
		return "", fmt.Errorf("file: bad key %q", key)
	}
	return filepath.Join(s.dir, filepath.FromSlash(key)), nil
}

func (s diskStorage) Put(ctx context.Context, key string, r io.Reader, size int64) (int64, error) {
	p, err := s.path(key)
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		return 0, err
	}
	// Written beside and renamed, so a reader never sees half a file.
	tmp, err := os.CreateTemp(filepath.Dir(p), ".part-*")
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(tmp, ctxReader{ctx, r})
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return 0, err
	}
	return n, nil
}

func (s diskStorage) Open(ctx context.Context, key string) (Object, error) {
	p, err := s.path(key)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil, ErrNoObject
	}
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	return diskObject{f, st.Size()}, nil
}

func (s diskStorage) Delete(ctx context.Context, key string) error {
	p, err := s.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

func (s diskStorage) Stat(ctx context.Context, key string) (int64, error) {
	p, err := s.path(key)
	if err != nil {
		return 0, err
	}
	st, err := os.Stat(p)
	if errors.Is(err, os.ErrNotExist) {
		return 0, ErrNoObject
	}
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

type diskObject struct {
	*os.File
	size int64
}

func (o diskObject) Size() int64 { return o.size }

// ctxReader stops a long copy when the request is gone.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

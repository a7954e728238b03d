// Package file owns uploaded files: the File entity with its bytes behind
// one Storage (the database, the local disk or an S3 bucket; storage.go),
// who may see and download one, the account's used bytes and quota,
// resumable uploads, and the download answer's name and type.
package file

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
)

// MaxSize is the largest file accepted, below the API's body limit so the
// multipart envelope around it still fits.
const MaxSize = 25 << 20

// maxName bounds a stored file name; longer names are cut, keeping the
// extension.
const maxName = 255

// Error codes (words in internal/api/messages.go).
const (
	CodeRequired = "file_required"
	CodeTooLarge = "file_too_large"
	CodeTooMany  = "file_too_many"
)

// Files stores and reads uploaded files.
type Files struct {
	e *entity.Engine
	// cur takes new uploads; stores reads every store a file may be
	// in (the database's always, so switching never strands a file).
	cur    Storage
	stores map[string]Storage
	// MaxUpload bounds a streamed or resumable upload (bytes); Quota an
	// account's used bytes, 0 for none.
	MaxUpload, Quota int64
}

// Register installs the File rules on the engine: a deleted File takes its
// bytes with it. Bytes go to the database until UseStorage says otherwise.
func Register(e *entity.Engine) *Files {
	db := dbStorage{e.DB}
	f := &Files{e: e, cur: db, stores: map[string]Storage{"db": db}, MaxUpload: MaxSize}
	e.Hook("File", entity.Hooks{BeforeDelete: f.beforeDelete})
	return f
}

// UseStorage sends new uploads to s.
func (f *Files) UseStorage(s Storage) {
	f.cur, f.stores[s.Name()] = s, s
}

// Storage is where new uploads go.
func (f *Files) Storage() Storage { return f.cur }

// DownloadPath is where a File's bytes are served.
func DownloadPath(id int64) string {
	return "/api/v3/file/" + strconv.FormatInt(id, 10) + "/download"
}

// Upload stores one file held in memory (small: generated files, the
// multipart routes).
func (f *Files) Upload(ctx context.Context, sc entity.Scope, name, sentType string, data []byte) (*entity.Record, error) {
	if len(data) > MaxSize {
		return nil, tooLarge(MaxSize)
	}
	return f.UploadStream(ctx, sc, name, sentType, bytes.NewReader(data), int64(len(data)))
}

// limit is the largest upload the current store takes: the database reads
// a file whole, so it keeps to MaxSize.
func (f *Files) limit() int64 {
	if f.cur.Name() == "db" {
		return MaxSize
	}
	return max(f.MaxUpload, MaxSize)
}

// UploadStream stores a file read from r (size -1 when unknown) as a File
// entity. The bytes go to the store first under a fresh key; the File, its
// row and the account's usage are written in one transaction, and when
// that fails the bytes are removed, so nothing is left half-written.
func (f *Files) UploadStream(ctx context.Context, sc entity.Scope, name, sentType string, r io.Reader, size int64) (*entity.Record, error) {
	lim := f.limit()
	if size > lim {
		return nil, tooLarge(lim)
	}
	if size > 0 {
		if err := f.checkFree(ctx, sc.Account, size); err != nil {
			return nil, err
		}
	}
	br := bufio.NewReaderSize(r, 4096)
	head, _ := br.Peek(512)
	ctype := contentType(name, sentType, head)
	key, err := newKey(sc.Account)
	if err != nil {
		return nil, err
	}
	st := f.cur
	var rec *entity.Record
	put := func(ctx context.Context) (int64, error) {
		n, err := st.Put(ctx, key, io.LimitReader(br, lim+1), size)
		if errors.Is(err, errTooLarge) || err == nil && n > lim {
			return 0, tooLarge(lim)
		}
		return n, err
	}
	var n int64
	inTx := st.Name() == "db"
	if !inTx {
		// Noted first, so a stop before the File's commit leaves an
		// object the sweep finds (pending.go).
		if err := f.notePending(ctx, sc.Account, st.Name(), key); err != nil {
			return nil, err
		}
		if n, err = put(ctx); err != nil {
			f.forget(context.WithoutCancel(ctx), st, key)
			return nil, err
		}
	}
	err = f.e.DB.WithTx(ctx, func(ctx context.Context) error {
		if inTx {
			if n, err = put(ctx); err != nil {
				return err
			}
		}
		if rec, err = f.saveFile(ctx, sc, name, ctype, st.Name(), key, n); err != nil || inTx {
			return err
		}
		return f.clearPending(ctx, key)
	})
	if err != nil && !inTx {
		f.forget(context.WithoutCancel(ctx), st, key)
	}
	return rec, err
}

// saveFile writes the File entity, its row and the usage, in ctx's
// transaction, for bytes already stored under key.
func (f *Files) saveFile(ctx context.Context, sc entity.Scope, name, ctype, storeName, key string, n int64) (*entity.Record, error) {
	name = cleanName(name)
	t, err := f.e.Type("File")
	if err != nil {
		return nil, err
	}
	if err := f.addUsage(ctx, sc.Account, n); err != nil {
		return nil, err
	}
	c := entity.NewChange(sc, t, nil)
	c.Set("name", name)
	c.Set("extension", strings.ToLower(strings.TrimPrefix(path.Ext(name), ".")))
	c.Set("size", n)
	c.Set("mimeType", ctype)
	// The path names the id, which the insert assigns: written below.
	c.Set("path", "")
	rec, err := f.e.Save(ctx, c)
	if err != nil {
		return nil, err
	}
	p := DownloadPath(rec.ID)
	rec.Values["path"] = p
	db := f.e.DB
	if _, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(fmt.Sprintf(
		"UPDATE %s SET %s = ? WHERE account_id = ? AND id = ?", t.Table, t.Field("path").Column)),
		p, sc.Account, rec.ID); err != nil {
		return nil, fmt.Errorf("file: path: %w", err)
	}
	if _, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`INSERT INTO file_blobs
		(account_id, file_id, owner_type, owner_id, bytes, object_store, object_key, size) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
		sc.Account, rec.ID, sc.Actor.Type, sc.Actor.ID, []byte{}, storeName, key, n); err != nil {
		return nil, fmt.Errorf("file: bytes: %w", err)
	}
	return rec, nil
}

// OpenObject returns a File the scope can see and a reader of its bytes
// (to be closed); ErrNotFound otherwise, whether it is missing or hidden.
func (f *Files) OpenObject(ctx context.Context, sc entity.Scope, id int64) (*entity.Record, Object, error) {
	rec, err := f.e.Get(ctx, sc, "File", id)
	if err != nil {
		return nil, nil, err
	}
	var storeName, key string
	db := f.e.DB
	err = db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(
		"SELECT object_store, object_key FROM file_blobs WHERE account_id = ? AND file_id = ?"), sc.Account, id).Scan(&storeName, &key)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, entity.ErrNotFound
	}
	if err != nil {
		return nil, nil, fmt.Errorf("file: read %d: %w", id, err)
	}
	st, ok := f.stores[storeName]
	if !ok {
		return nil, nil, fmt.Errorf("file: %d is in store %q, which is not configured", id, storeName)
	}
	o, err := st.Open(ctx, key)
	if errors.Is(err, ErrNoObject) {
		return nil, nil, entity.ErrNotFound
	}
	return rec, o, err
}

// Open returns a File the scope can see with its bytes in memory, for the
// uses that need them whole (thumbnails, archives): a file larger than
// MaxSize is refused as too large.
func (f *Files) Open(ctx context.Context, sc entity.Scope, id int64) (*entity.Record, []byte, error) {
	rec, o, err := f.OpenObject(ctx, sc, id)
	if err != nil {
		return nil, nil, err
	}
	defer o.Close()
	if o.Size() > MaxSize {
		return nil, nil, tooLarge(MaxSize)
	}
	data, err := io.ReadAll(o)
	if err != nil {
		return nil, nil, fmt.Errorf("file: read %d: %w", id, err)
	}
	return rec, data, nil
}

func (f *Files) beforeDelete(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	var storeName, key string
	var n int64
	db := f.e.DB
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(
		"SELECT object_store, object_key, size FROM file_blobs WHERE account_id = ? AND file_id = ?"), sc.Account, rec.ID).Scan(&storeName, &key, &n)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("file: delete %d: %w", rec.ID, err)
	}
	if _, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(
		"DELETE FROM file_blobs WHERE account_id = ? AND file_id = ?"), sc.Account, rec.ID); err != nil {
		return fmt.Errorf("file: delete bytes %d: %w", rec.ID, err)
	}
	if err := f.addUsage(ctx, sc.Account, -n); err != nil {
		return err
	}
	st, ok := f.stores[storeName]
	if !ok {
		return nil
	}
	if storeName == "db" {
		return st.Delete(ctx, key)
	}
	// Another store's bytes go once the delete is committed: a rolled
	// back delete keeps its file whole.
	store.AfterCommit(ctx, func() { _ = st.Delete(context.WithoutCancel(ctx), key) })
	return nil
}

// newKey names a new object: the account, then random hex (never the
// client's name, so no name reaches a path).
func newKey(account int64) (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return fmt.Sprintf("f/%d/%s", account, hex.EncodeToString(b[:])), nil
}

var errTooLarge = errors.New("file: too large")

// tooLarge is the refusal of a file past limit bytes; the wording names
// the limit in MB (spec 001 section 8: "larger than {maxSize} MB").
func tooLarge(limit int64) error {
	return entity.Invalidf("file", CodeTooLarge, strconv.FormatInt(limit>>20, 10))
}

// contentType is the type by the name's extension when Go knows it (a
// .docx sniffs as zip), else what the bytes look like. The client's word
// is only a last resort: it is not checked against anything.
func contentType(name, sent string, head []byte) string {
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	if t := http.DetectContentType(head); t != "application/octet-stream" {
		return t
	}
	if _, _, err := mime.ParseMediaType(sent); err == nil && sent != "" {
		return sent
	}
	return "application/octet-stream"
}

// cleanName keeps a file name printable and bounded; a name that is
// nothing after that becomes "file".
func cleanName(name string) string {
	name = path.Base(strings.ReplaceAll(name, "\\", "/"))
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if name == "" || name == "." || name == "/" {
		return "file"
	}
	if utf8.RuneCountInString(name) > maxName {
		ext := path.Ext(name)
		if utf8.RuneCountInString(ext) > 16 {
			ext = ""
		}
		r := []rune(strings.TrimSuffix(name, ext))
		name = string(r[:maxName-utf8.RuneCountInString(ext)]) + ext
	}
	return name
}

// Disposition is the Content-Disposition of a download: an ASCII fallback
// name for old clients and the exact name in filename* (RFC 6266, 5987).
func Disposition(name string) string {
	fallback := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, name)
	var b strings.Builder
	for _, c := range []byte(name) {
		if c < 0x80 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0) {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return `attachment; filename="` + fallback + `"; filename*=UTF-8''` + b.String()
}

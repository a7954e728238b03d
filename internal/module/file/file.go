// Package file owns uploaded files: the File entity with its bytes kept in
// the database (table file_blobs, so a SQLite or PostgreSQL deployment
// needs no other storage), who may see and download one, and the
// download answer's name and type.
package file

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
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
}

// Register installs the File rules on the engine: a deleted File takes its
// bytes with it.
func Register(e *entity.Engine) *Files {
	f := &Files{e: e}
	e.Hook("File", entity.Hooks{BeforeDelete: f.beforeDelete})
	return f
}

// DownloadPath is where a File's bytes are served.
func DownloadPath(id int64) string {
	return "/api/v3/file/" + strconv.FormatInt(id, 10) + "/download"
}

// Upload stores one file as a File entity and its bytes in one
// transaction, so a failed upload leaves nothing behind.
func (f *Files) Upload(ctx context.Context, sc entity.Scope, name, sentType string, data []byte) (*entity.Record, error) {
	if len(data) > MaxSize {
		return nil, entity.Invalidf("file", CodeTooLarge, "")
	}
	name = cleanName(name)
	t, err := f.e.Type("File")
	if err != nil {
		return nil, err
	}
	var rec *entity.Record
	err = f.e.DB.WithTx(ctx, func(ctx context.Context) error {
		c := entity.NewChange(sc, t, nil)
		c.Set("name", name)
		c.Set("extension", strings.ToLower(strings.TrimPrefix(path.Ext(name), ".")))
		c.Set("size", int64(len(data)))
		c.Set("mimeType", contentType(name, sentType, data))
		// The path names the id, which the insert assigns: written below.
		c.Set("path", "")
		if rec, err = f.e.Save(ctx, c); err != nil {
			return err
		}
		p := DownloadPath(rec.ID)
		rec.Values["path"] = p
		db := f.e.DB
		if _, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(fmt.Sprintf(
			"UPDATE %s SET %s = ? WHERE account_id = ? AND id = ?", t.Table, t.Field("path").Column)),
			p, sc.Account, rec.ID); err != nil {
			return fmt.Errorf("file: path: %w", err)
		}
		if _, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`INSERT INTO file_blobs
			(account_id, file_id, owner_type, owner_id, bytes) VALUES (?, ?, ?, ?, ?)`),
			sc.Account, rec.ID, sc.Actor.Type, sc.Actor.ID, data); err != nil {
			return fmt.Errorf("file: bytes: %w", err)
		}
		return nil
	})
	return rec, err
}

// Open returns a File the scope can see, with its bytes; ErrNotFound
// otherwise, whether it is missing or hidden.
func (f *Files) Open(ctx context.Context, sc entity.Scope, id int64) (*entity.Record, []byte, error) {
	rec, err := f.e.Get(ctx, sc, "File", id)
	if err != nil {
		return nil, nil, err
	}
	var data []byte
	db := f.e.DB
	err = db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(
		"SELECT bytes FROM file_blobs WHERE account_id = ? AND file_id = ?"), sc.Account, id).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, entity.ErrNotFound
	}
	if err != nil {
		return nil, nil, fmt.Errorf("file: read %d: %w", id, err)
	}
	return rec, data, nil
}

// UsedBytes is what an account's files take (accountInfo.usedMemory).
func (f *Files) UsedBytes(ctx context.Context, account int64) (int64, error) {
	var n int64
	db := f.e.DB
	if err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(
		"SELECT COALESCE(SUM(LENGTH(bytes)), 0) FROM file_blobs WHERE account_id = ?"), account).Scan(&n); err != nil {
		return 0, fmt.Errorf("file: used bytes: %w", err)
	}
	return n, nil
}

func (f *Files) beforeDelete(ctx context.Context, sc entity.Scope, rec *entity.Record) error {
	return deleteBytes(ctx, f.e.DB, sc.Account, rec.ID)
}

func deleteBytes(ctx context.Context, db *store.DB, account, id int64) error {
	if _, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(
		"DELETE FROM file_blobs WHERE account_id = ? AND file_id = ?"), account, id); err != nil {
		return fmt.Errorf("file: delete bytes %d: %w", id, err)
	}
	return nil
}

// contentType is the type by the name's extension when Go knows it (a
// .docx sniffs as zip), else what the bytes look like. The client's word
// is only a last resort: it is not checked against anything.
func contentType(name, sent string, data []byte) string {
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	if t := http.DetectContentType(data); t != "application/octet-stream" {
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

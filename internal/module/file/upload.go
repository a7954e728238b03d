package file

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/artel/artel/internal/entity"
)

// UploadTTL is how long a resumable upload waits for its next chunk
// before the cleaning job removes it and its parts.
const UploadTTL = 24 * time.Hour

// Error codes of resumable uploads.
const (
	CodeOffset = "upload_offset" // a chunk sent from another offset than the server's
	CodeSize   = "upload_size"   // a session without a positive size
)

// Upload is a resumable upload session: Received bytes of Size have come
// in Parts chunks, each kept as its own object until the last one.
type Upload struct {
	ID, Size, Received int64
	Parts              int
	Name, ContentType  string
	store              string
	account            int64
	ExpiresAt          time.Time
}

// ErrOffset is a chunk whose offset is not the session's received bytes.
var ErrOffset = errors.New("file: upload offset mismatch")

// StartUpload opens a session for a file of size bytes, refusing at once
// one larger than the store takes or than the account's free space.
func (f *Files) StartUpload(ctx context.Context, sc entity.Scope, name, ctype string, size int64) (*Upload, error) {
	if size <= 0 {
		return nil, entity.Invalidf("size", CodeSize, "")
	}
	if size > f.limit() {
		return nil, tooLarge(f.limit())
	}
	if err := f.checkFree(ctx, sc.Account, size); err != nil {
		return nil, err
	}
	u := &Upload{Size: size, Name: cleanName(name), ContentType: ctype, store: f.cur.Name(), account: sc.Account,
		ExpiresAt: f.e.Now().Add(UploadTTL).Truncate(time.Second)}
	db := f.e.DB
	err := db.WithTx(ctx, func(ctx context.Context) error {
		return db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`INSERT INTO file_uploads (account_id, owner_type, owner_id,
			name, content_type, size, object_store, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			sc.Account, sc.Actor.Type, sc.Actor.ID, u.Name, ctype, size, u.store, u.ExpiresAt.Unix()).Scan(&u.ID)
	})
	if err != nil {
		return nil, fmt.Errorf("file: start upload: %w", err)
	}
	return u, nil
}

// GetUpload is the caller's own live session; anyone else's, or an
// expired one, is not found.
func (f *Files) GetUpload(ctx context.Context, sc entity.Scope, id int64) (*Upload, error) {
	u := &Upload{ID: id, account: sc.Account}
	var exp int64
	db := f.e.DB
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`SELECT size, received, parts, name, content_type,
		object_store, expires_at FROM file_uploads WHERE id = ? AND account_id = ? AND owner_type = ? AND owner_id = ?`),
		id, sc.Account, sc.Actor.Type, sc.Actor.ID).Scan(&u.Size, &u.Received, &u.Parts, &u.Name, &u.ContentType, &u.store, &exp)
	if errors.Is(err, sql.ErrNoRows) || err == nil && exp <= f.e.Now().Unix() {
		return nil, entity.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("file: upload %d: %w", id, err)
	}
	u.ExpiresAt = time.Unix(exp, 0)
	return u, nil
}

func (u *Upload) partKey(i int) string { return fmt.Sprintf("u/%d/%d/%d", u.account, u.ID, i) }

// WriteChunk stores the bytes of body sent from offset. A chunk cut off
// midway stores nothing, so the client resumes from the offset the
// server reports. The last chunk makes the File, returned with the
// session (whose parts are then gone).
func (f *Files) WriteChunk(ctx context.Context, sc entity.Scope, id, offset int64, body io.Reader) (*Upload, *entity.Record, error) {
	u, err := f.GetUpload(ctx, sc, id)
	if err != nil {
		return nil, nil, err
	}
	if offset != u.Received {
		return u, nil, ErrOffset
	}
	st, ok := f.stores[u.store]
	if !ok {
		return nil, nil, fmt.Errorf("file: upload %d is in store %q, which is not configured", id, u.store)
	}
	key := u.partKey(u.Parts)
	n, err := st.Put(ctx, key, io.LimitReader(body, u.Size-u.Received+1), -1)
	if err == nil && u.Received+n > u.Size {
		err = tooLarge(f.limit())
	}
	if err == nil && n == 0 {
		err = entity.Invalidf("file", CodeRequired, "")
	}
	if err != nil {
		_ = st.Delete(context.WithoutCancel(ctx), key)
		return u, nil, err
	}
	db := f.e.DB
	err = db.WithTx(ctx, func(ctx context.Context) error {
		res, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`UPDATE file_uploads SET received = received + ?,
			parts = parts + 1, expires_at = ? WHERE id = ? AND received = ?`),
			n, f.e.Now().Add(UploadTTL).Unix(), id, u.Received)
		if err != nil {
			return err
		}
		if k, _ := res.RowsAffected(); k == 0 {
			return ErrOffset // another chunk from the same offset won
		}
		return nil
	})
	if err != nil {
		_ = st.Delete(context.WithoutCancel(ctx), key)
		return u, nil, err
	}
	u.Received += n
	u.Parts++
	if u.Received < u.Size {
		return u, nil, nil
	}
	rec, err := f.finish(ctx, sc, u, st)
	return u, rec, err
}

// finish streams the parts, in order, into one File, then removes the
// session whether or not that worked (a refused file, past the quota,
// leaves nothing behind).
func (f *Files) finish(ctx context.Context, sc entity.Scope, u *Upload, st Storage) (*entity.Record, error) {
	pr := &partsReader{ctx: ctx, st: st, u: u}
	rec, err := f.UploadStream(ctx, sc, u.Name, u.ContentType, pr, u.Size)
	pr.close()
	f.dropUpload(context.WithoutCancel(ctx), u, st)
	return rec, err
}

func (f *Files) dropUpload(ctx context.Context, u *Upload, st Storage) {
	for i := 0; i < u.Parts; i++ {
		_ = st.Delete(ctx, u.partKey(i))
	}
	db := f.e.DB
	_ = db.Exec(ctx, "DELETE FROM file_uploads WHERE id = ?", u.ID)
}

// CleanUploads removes the sessions past their expiry and their parts
// (a job).
func (f *Files) CleanUploads(ctx context.Context, now time.Time) error {
	db := f.e.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(
		"SELECT id, account_id, parts, object_store FROM file_uploads WHERE expires_at <= ? LIMIT 500"), now.Unix())
	if err != nil {
		return fmt.Errorf("file: clean uploads: %w", err)
	}
	var old []*Upload
	for rows.Next() {
		u := &Upload{}
		if err := rows.Scan(&u.ID, &u.account, &u.Parts, &u.store); err != nil {
			rows.Close()
			return err
		}
		old = append(old, u)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, u := range old {
		if st, ok := f.stores[u.store]; ok {
			f.dropUpload(ctx, u, st)
		}
	}
	return nil
}

// partsReader reads a session's parts one after another, opening each
// only when the one before is done, so memory stays one buffer.
type partsReader struct {
	ctx context.Context
	st  Storage
	u   *Upload
	i   int
	cur Object
}

func (p *partsReader) Read(b []byte) (int, error) {
	for {
		if p.cur == nil {
			if p.i >= p.u.Parts {
				return 0, io.EOF
			}
			o, err := p.st.Open(p.ctx, p.u.partKey(p.i))
			if err != nil {
				return 0, err
			}
			p.cur, p.i = o, p.i+1
		}
		n, err := p.cur.Read(b)
		if errors.Is(err, io.EOF) {
			p.close()
			err = nil
			if n == 0 {
				continue
			}
		}
		return n, err
	}
}

func (p *partsReader) close() {
	if p.cur != nil {
		p.cur.Close()
		p.cur = nil
	}
}

package file

import (
	"context"
	"fmt"
	"time"
)

// Bytes kept outside the database (disk, S3) are stored before the File
// that names them is committed, so a crash in between would leave an
// object nothing names, never shown and never counted. Each such Put is
// noted first in file_pending, in a commit of its own; the transaction
// that writes the File takes the note away with it. A note still there
// after PendingAge is an object whose File never came: SweepPending
// removes it (a job). Bytes kept in the database are written in the
// File's transaction and need no note.

// PendingAge is how long an object may wait for its File: longer than any
// one Put of the largest upload takes.
const PendingAge = 6 * time.Hour

func (f *Files) notePending(ctx context.Context, account int64, storeName, key string) error {
	if err := f.e.DB.Exec(ctx, `INSERT INTO file_pending (account_id, object_store, object_key, created_at) VALUES (?, ?, ?, ?)`,
		account, storeName, key, f.e.Now().Unix()); err != nil {
		return fmt.Errorf("file: note %s: %w", key, err)
	}
	return nil
}

// clearPending takes a note away: in the File's transaction once the
// File is written, or after the bytes are removed on a failure.
func (f *Files) clearPending(ctx context.Context, key string) error {
	if err := f.e.DB.Exec(ctx, `DELETE FROM file_pending WHERE object_key = ?`, key); err != nil {
		return fmt.Errorf("file: clear note %s: %w", key, err)
	}
	return nil
}

// SweepPending removes the objects whose File never came (a job): the
// notes older than PendingAge. A File's commit takes its note, so an old
// note is an object nothing names.
func (f *Files) SweepPending(ctx context.Context, now time.Time) error {
	db := f.e.DB
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT object_store, object_key FROM file_pending
		WHERE created_at <= ? ORDER BY created_at LIMIT 500`), now.Add(-PendingAge).Unix())
	if err != nil {
		return fmt.Errorf("file: sweep: %w", err)
	}
	type orphan struct{ store, key string }
	var found []orphan
	for rows.Next() {
		var o orphan
		if err := rows.Scan(&o.store, &o.key); err != nil {
			rows.Close()
			return err
		}
		found = append(found, o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, o := range found {
		st, ok := f.stores[o.store]
		if !ok {
			continue // a store this node is not configured for: left to one that is
		}
		if err := st.Delete(ctx, o.key); err != nil {
			return fmt.Errorf("file: sweep %s: %w", o.key, err)
		}
		if err := f.clearPending(ctx, o.key); err != nil {
			return err
		}
	}
	return nil
}

// forget removes an object whose File failed, and its note; a failure
// here leaves the note for the sweep.
func (f *Files) forget(ctx context.Context, st Storage, key string) {
	if st.Delete(ctx, key) == nil {
		_ = f.clearPending(ctx, key)
	}
}

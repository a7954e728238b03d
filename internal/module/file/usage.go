package file

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
)

// CodeQuota is an upload refused because the account's storage is full.
const CodeQuota = "file_quota"

// addUsage changes the account's used bytes by delta in ctx's transaction;
// a growth past the quota is refused there, in the one statement that
// counts it, so two uploads at once cannot both slip under it.
func (f *Files) addUsage(ctx context.Context, account, delta int64) error {
	db := f.e.DB
	if _, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(
		"INSERT INTO file_usage (account_id, used) VALUES (?, 0) ON CONFLICT (account_id) DO NOTHING"), account); err != nil {
		return fmt.Errorf("file: usage: %w", err)
	}
	q, args := "UPDATE file_usage SET used = used + ? WHERE account_id = ?", []any{delta, account}
	if delta > 0 && f.Quota > 0 {
		q += " AND used + ? <= ?"
		args = append(args, delta, f.Quota)
	}
	res, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(q), args...)
	if err != nil {
		return fmt.Errorf("file: usage: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return entity.Invalidf("file", CodeQuota, "")
	}
	return nil
}

// checkFree refuses an upload of a known size before any byte is read.
func (f *Files) checkFree(ctx context.Context, account, size int64) error {
	if f.Quota <= 0 {
		return nil
	}
	used, err := f.UsedBytes(ctx, account)
	if err != nil {
		return err
	}
	if used+size > f.Quota {
		return entity.Invalidf("file", CodeQuota, "")
	}
	return nil
}

// UsedBytes is what an account's files take (accountInfo.usedMemory): the
// kept counter, never a sum over the files.
func (f *Files) UsedBytes(ctx context.Context, account int64) (int64, error) {
	var n int64
	db := f.e.DB
	err := db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(
		"SELECT COALESCE(MAX(used), 0) FROM file_usage WHERE account_id = ?"), account).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("file: used bytes: %w", err)
	}
	return n, nil
}

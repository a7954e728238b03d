package access

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// Count is the query of how many entities of a type a reader sees, of
// the given buckets when any are given (a type's Spec must have a Bucket
// then): the sum of the reader's kept deltas.
func Count(account int64, typ string, reader value.Link, buckets []string) (string, []any) {
	q := `SELECT COALESCE(SUM(n), 0) FROM entity_access_counts
		WHERE account_id = ? AND content_type = ? AND reader_type = ? AND reader_id = ?`
	args := []any{account, typ, reader.Type, reader.ID}
	if len(buckets) > 0 {
		q += " AND bucket IN (" + store.Marks(len(buckets)) + ")"
		for _, b := range buckets {
			args = append(args, b)
		}
	}
	return q, args
}

// Drive is the FROM clause and join condition of a page read along one
// reader's range of entity_access (alias acc) in entity order, so a page
// of an employee's list reads its rows from the index, not the rights
// condition for every row the reader sees. The list orders by acc.entity_id.
func Drive(table string, account int64, typ string, r value.Link) (from, where string, args []any) {
	return "entity_access acc CROSS JOIN " + table,
		fmt.Sprintf("acc.account_id = ? AND acc.content_type = ? AND acc.reader_type = ? AND acc.reader_id = ? AND %s.id = acc.entity_id", table),
		[]any{account, typ, r.Type, r.ID}
}

// compactAbove is how many delta rows a reader's count gathers before
// Compact folds them into one.
const compactAbove = 8

// Compact folds the count deltas of readers with many into one row each,
// a batch at a time; it reports how many readers it folded. The deltas
// are inserted, never updated, so concurrent writers naming readers in
// different orders never wait on each other's count rows (on PostgreSQL
// that could deadlock); folding keeps a count's read to a few rows.
func Compact(ctx context.Context, db *store.DB) (int, error) {
	rows, err := db.Q(ctx).QueryContext(ctx, db.Dialect.Rebind(`SELECT account_id, content_type, reader_type, reader_id, bucket
		FROM entity_access_counts GROUP BY account_id, content_type, reader_type, reader_id, bucket HAVING COUNT(*) > ? LIMIT 500`), compactAbove)
	if err != nil {
		return 0, fmt.Errorf("access: compact: %w", err)
	}
	type key struct {
		account int64
		ct, rt  string
		ri      int64
		bucket  sql.NullString
	}
	var keys []key
	for rows.Next() {
		var k key
		if err := rows.Scan(&k.account, &k.ct, &k.rt, &k.ri, &k.bucket); err != nil {
			rows.Close()
			return 0, err
		}
		keys = append(keys, k)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	// NULL (a type without buckets) and '' (a bucketed entity's empty
	// value, a client never dropped: Spec.bucketOf) are different
	// buckets; a count asks for '' by name, so '' must stay ''.
	for _, k := range keys {
		where := "account_id = ? AND content_type = ? AND reader_type = ? AND reader_id = ? AND bucket IS NULL"
		args := []any{k.account, k.ct, k.rt, k.ri}
		var bucket any
		if k.bucket.Valid {
			where = "account_id = ? AND content_type = ? AND reader_type = ? AND reader_id = ? AND bucket = ?"
			args = append(args, k.bucket.String)
			bucket = k.bucket.String
		}
		ins := []any{k.account, k.ct, k.rt, k.ri, bucket}
		err := db.WithTx(ctx, func(ctx context.Context) error {
			if db.Dialect == store.Postgres {
				// One statement: the delete takes exactly the rows it
				// sums, and a delta committed meanwhile stays.
				return db.Exec(ctx, `WITH d AS (DELETE FROM entity_access_counts WHERE `+where+` RETURNING n)
					INSERT INTO entity_access_counts (account_id, content_type, reader_type, reader_id, bucket, n)
					SELECT CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS BIGINT), CAST(? AS TEXT), COALESCE(SUM(n), 0) FROM d`, append(args, ins...)...)
			}
			// SQLite's one writer makes the read and the rewrite atomic.
			var n int64
			if err := db.Q(ctx).QueryRowContext(ctx, "SELECT COALESCE(SUM(n), 0) FROM entity_access_counts WHERE "+where, args...).Scan(&n); err != nil {
				return err
			}
			if err := db.Exec(ctx, "DELETE FROM entity_access_counts WHERE "+where, args...); err != nil {
				return err
			}
			return db.Exec(ctx, `INSERT INTO entity_access_counts (account_id, content_type, reader_type, reader_id, bucket, n)
				VALUES (?, ?, ?, ?, ?, ?)`, append(ins, n)...)
		})
		if err != nil {
			return 0, fmt.Errorf("access: compact: %w", err)
		}
	}
	return len(keys), nil
}

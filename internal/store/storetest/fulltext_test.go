package storetest

import (
	"context"
	"testing"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/migrate"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// The full-text index answers `q` per account, and a database whose rows
// predate it (x_search in the old lower-cased form, no index) is indexed
// by migration 16 and the index sync at the next start. On SQLite this
// also proves the driver has FTS5 compiled in.
func TestFullTextIndexAndBackfill(t *testing.T) {
	Each(t, func(t *testing.T, dialect string) {
		e, _ := engine(t, dialect)
		ctx := context.Background()
		rec := mustCreate(t, e, acc1, "Task", `{"name":"Квартальные отчёты"}`)
		mustCreate(t, e, acc2, "Task", `{"name":"Отчёт другой компании"}`)
		found := func(q string) int64 {
			t.Helper()
			p, err := e.List(ctx, acc1, "Task", entity.ListQuery{Q: q}, value.Options{})
			if err != nil {
				t.Fatal(err)
			}
			return p.Count
		}
		if n := found("ОТЧЕТ"); n != 1 {
			t.Fatalf("found %d, want the one task of the account", n)
		}
		// Back to the state before migration 16.
		old := []string{"UPDATE e_task SET x_search = 'квартальные отчёты'", "DELETE FROM schema_migrations WHERE version = 16"}
		if dialect == "postgres" {
			old = append(old, "DROP INDEX e_task_fts")
		} else {
			old = append(old, "DROP TRIGGER e_task_fts_ai", "DROP TRIGGER e_task_fts_au", "DROP TRIGGER e_task_fts_ad", "DROP TABLE e_task_fts")
		}
		for _, q := range old {
			if err := e.DB.Exec(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		if err := migrate.Run(ctx, e.DB, cat); err != nil {
			t.Fatal(err)
		}
		if n := found("отчет"); n != 1 {
			t.Fatalf("after the backfill found %d", n)
		}
		// The index follows later writes in their own transactions.
		if _, err := e.Update(ctx, acc1, "Task", rec.ID, in(t, `{"name":"Годовой баланс"}`)); err != nil {
			t.Fatal(err)
		}
		if found("отчет") != 0 || found("балансы") != 1 {
			t.Fatal("the index did not follow the update")
		}
		if dialect == "sqlite" {
			var n int
			if err := e.DB.Q(ctx).QueryRowContext(ctx, "SELECT COUNT(*) FROM "+store.FTSTable("e_task")+" WHERE "+store.FTSTable("e_task")+" MATCH 'баланс*'").Scan(&n); err != nil || n != 1 {
				t.Fatalf("FTS5 table: %d %v", n, err)
			}
		}
	})
}

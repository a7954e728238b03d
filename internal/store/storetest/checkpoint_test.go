package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// A checkpoint leaves the SQLite log empty while readers are open, and
// nothing written is lost.
func TestCheckpointTruncatesTheLog(t *testing.T) {
	db := Open(t, "sqlite")
	e := entity.New(db, cat, nil)
	sc := entity.Scope{Account: 1, System: true}
	ctx := context.Background()
	for i := 0; i < 200; i++ {
		if _, err := e.Create(ctx, sc, "Tag", entity.Input{"name": json.RawMessage(fmt.Sprintf(`"t%d"`, i))}); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := db.Q(ctx).QueryContext(ctx, "SELECT id FROM e_tag") // a reader holding a snapshot
	if err != nil {
		t.Fatal(err)
	}
	rows.Close()
	if st, err := os.Stat(db.Path() + "-wal"); err != nil || st.Size() == 0 {
		t.Fatalf("no log to checkpoint: %v", err)
	}
	if err := db.Checkpoint(ctx); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(db.Path() + "-wal"); err != nil || st.Size() != 0 {
		t.Fatalf("log not truncated: %v %v", st.Size(), err)
	}
	p, err := e.List(ctx, sc, "Tag", entity.ListQuery{Limit: 1}, value.Options{})
	if err != nil || p.Count != 200 {
		t.Fatalf("after checkpoint: %v %d", err, p.Count)
	}
}

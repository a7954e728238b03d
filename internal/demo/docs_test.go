package demo_test

import (
	"context"
	"testing"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// The demo writes shared folders with text documents, one of them with
// two versions; every department reads them, the management edits them.
func TestDemoDocuments(t *testing.T) {
	e, account := setup(t, "sqlite")
	fill(t, e, account)
	ctx, sc := context.Background(), entity.Scope{Account: account, System: true}
	folders, err := e.List(ctx, sc, "DocFolder", entity.ListQuery{Limit: 10}, value.Options{})
	if err != nil || len(folders.Records) != 4 {
		t.Fatalf("folders: %v %v", folders, err)
	}
	docs, err := e.List(ctx, sc, "Doc", entity.ListQuery{Limit: 10}, value.Options{})
	if err != nil || len(docs.Records) != 4 {
		t.Fatalf("documents: %v %v", docs, err)
	}
	for _, d := range docs.Records {
		if d.Links["actualVersion"].ID == 0 {
			t.Errorf("%s has no version", d.String("name"))
		}
	}
	var versions, texts, access int
	q := e.DB.Q(ctx)
	for dst, sql := range map[*int]string{&versions: "SELECT COUNT(*) FROM e_docversion WHERE account_id = ?",
		&texts:  "SELECT COUNT(*) FROM doc_texts WHERE account_id = ?",
		&access: "SELECT COUNT(*) FROM doc_access WHERE account_id = ? AND node_type = 'Doc'"} {
		if err := q.QueryRowContext(ctx, e.DB.Dialect.Rebind(sql), account).Scan(dst); err != nil {
			t.Fatal(err)
		}
	}
	if versions != 5 || texts != 5 || access < 4*6 {
		t.Errorf("versions %d, texts %d, document access rows %d", versions, texts, access)
	}
}

package demo_test

import (
	"context"
	"testing"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// The demo writes a company handbook: one base, a tree of articles,
// owned by the demo user and read by every department.
func TestDemoHandbook(t *testing.T) {
	e, account := setup(t, "sqlite")
	fill(t, e, account)
	ctx, sc := context.Background(), entity.Scope{Account: account, System: true}
	bases, err := e.List(ctx, sc, "KnowledgeBase", entity.ListQuery{Limit: 10}, value.Options{})
	if err != nil || len(bases.Records) != 1 {
		t.Fatalf("bases: %v %v", bases, err)
	}
	arts, err := e.List(ctx, sc, "KnowledgeArticle", entity.ListQuery{Limit: 50}, value.Options{})
	if err != nil {
		t.Fatal(err)
	}
	children := 0
	for _, a := range arts.Records {
		if a.Links["parent"].ID != 0 {
			children++
		}
	}
	if len(arts.Records) < 6 || children < 3 {
		t.Errorf("articles %d, children %d", len(arts.Records), children)
	}
	var owners, readers int
	if err := e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind(`SELECT
		SUM(CASE WHEN role = 'owner' THEN 1 ELSE 0 END), SUM(CASE WHEN role = 'reader' THEN 1 ELSE 0 END)
		FROM knowledge_rights WHERE account_id = ?`), account).Scan(&owners, &readers); err != nil {
		t.Fatal(err)
	}
	if owners != 1 || readers < 3 {
		t.Errorf("owners %d, department readers %d", owners, readers)
	}
}

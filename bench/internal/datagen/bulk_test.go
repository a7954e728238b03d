package datagen

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/store"
	"github.com/artel/artel/internal/value"
)

// TestBulkMatchesEngine generates the same small account with both writers
// and checks that every entity reads back the same through the engine:
// the bulk writer must store exactly what entity.Engine.Create stores.
func TestBulkMatchesEngine(t *testing.T) {
	ctx := context.Background()
	opt := Options{Tasks: 300, Clients: 40, Deals: 30, Employees: 60, Comments: 80, Seed: 7, Batch: 70}
	dirs := map[string]string{}
	for _, w := range []string{"engine", "bulk"} {
		o := opt
		o.Writer, o.DataDir = w, t.TempDir()
		if _, err := Run(ctx, o); err != nil {
			t.Fatalf("%s: %v", w, err)
		}
		dirs[w] = o.DataDir
	}
	cat := catalog.MustLoad()
	dump := func(dir string) map[string]string {
		db, err := store.Open(ctx, dir, "")
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		e := entity.New(db, cat, nil)
		sc := entity.Scope{Account: 1}
		out := map[string]string{}
		for _, typ := range []string{"Department", "Employee", "Program", "ProgramState", "ContractorCompany",
			"ContractorHuman", "Deal", "Project", "Task", "Comment"} {
			var ids []int64
			rows, err := db.Q(ctx).QueryContext(ctx, "SELECT id FROM "+cat.Type(typ).Table)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var id int64
				_ = rows.Scan(&id)
				ids = append(ids, id)
			}
			rows.Close()
			recs, err := e.GetMany(ctx, sc, typ, ids)
			if err != nil {
				t.Fatal(err)
			}
			sel := entity.Selection{Full: true}
			if err := e.Expand(ctx, sc, recs, sel); err != nil {
				t.Fatal(err)
			}
			for _, r := range recs {
				b, _ := json.Marshal(entity.Encode(r, sel, nil, value.Options{}))
				var search any
				_ = db.Q(ctx).QueryRowContext(ctx, "SELECT x_search FROM "+r.Type.Table+" WHERE id = ?", r.ID).Scan(&search)
				sb, _ := json.Marshal(search)
				out[typ+" "+string(jint(r.ID))] = string(b) + " search=" + string(sb)
			}
		}
		var seq []byte
		_ = db.Q(ctx).QueryRowContext(ctx, "SELECT group_concat(name || '=' || value) FROM (SELECT * FROM sequences ORDER BY name)").Scan(&seq)
		out["sequences"] = string(seq)
		_ = db.Q(ctx).QueryRowContext(ctx, "SELECT group_concat(content_type || '=' || n) FROM (SELECT content_type, SUM(n) AS n FROM entity_counts GROUP BY content_type ORDER BY content_type)").Scan(&seq)
		out["entity_counts"] = string(seq)
		return out
	}
	a, b := dump(dirs["engine"]), dump(dirs["bulk"])
	if len(a) < 500 || len(a) != len(b) {
		t.Fatalf("engine wrote %d entities, bulk %d", len(a), len(b))
	}
	// The administrator is made by auth.Bootstrap at the real time, not by
	// either writer.
	delete(a, "Employee 1")
	delete(b, "Employee 1")
	bad := 0
	for k, v := range a {
		if b[k] != v && bad < 5 {
			bad++
			t.Errorf("%s differs:\nengine %s\nbulk   %s", k, v, b[k])
		}
	}
}

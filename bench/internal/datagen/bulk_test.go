package datagen

import (
	"context"
	"encoding/json"
	"fmt"
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
		// Raw rows as well: NULL and 0 read back alike through Encode.
		for _, table := range []string{"e_task", "e_project", "e_deal", "e_contractorhuman", "e_contractorcompany",
			"e_employee", "e_comment", "links", "sequences", "entity_counts"} {
			rows, err := db.Q(ctx).QueryContext(ctx, "SELECT * FROM "+table+" ORDER BY 1, 2, 3")
			if err != nil {
				t.Fatal(err)
			}
			cols, _ := rows.Columns()
			for n := 0; rows.Next(); n++ {
				vals := make([]any, len(cols))
				ptrs := make([]any, len(cols))
				for i := range vals {
					ptrs[i] = &vals[i]
				}
				_ = rows.Scan(ptrs...)
				if table == "e_employee" && vals[0] == int64(1) {
					continue // the administrator: made by auth.Bootstrap at the real time
				}
				out[fmt.Sprintf("%s row %d", table, n)] = fmt.Sprint(vals...)
			}
			rows.Close()
		}
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

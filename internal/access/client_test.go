package access_test

import (
	"context"
	"fmt"
	"math/rand"
	"testing"

	"github.com/artel/artel/internal/access"
	"github.com/artel/artel/internal/apitest"
)

// TestKeptClientCounts: the client list's built-in filters "all" (live)
// and "dropped" count from the counts kept per isDropped. Random people
// and companies are made with responsibles, dropped, restored, deleted
// forever and dropped in SQL; each filter's count, for each type and the
// /contractor union, stays what the rows say (also after the deltas are
// folded), and the kept rows a rebuild's.
func TestKeptClientCounts(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		w := &world{h: h, rnd: rand.New(rand.NewSource(5))}
		for i := range 2 {
			id, token := h.Person(t, "Продавец", fmt.Sprintf("seller%d@example.com", i), "long enough pass")
			w.people, w.tokens = append(w.people, id), append(w.tokens, token)
		}
		w.groups = []string{w.do(t, "POST", "/api/v3/group", map[string]any{"name": "Продажи"})["id"].(string)}
		types := []string{"contractorHuman", "contractorCompany"}
		tables := map[string]string{"contractorHuman": "e_contractorhuman", "contractorCompany": "e_contractorcompany"}
		var clients [][2]string // type, id
		for i := range 60 {
			typ := types[w.rnd.Intn(2)]
			switch op := w.rnd.Intn(6); {
			case op < 2 || len(clients) == 0:
				body := map[string]any{"responsibles": []any{w.person()}}
				if typ == "contractorHuman" {
					body["firstName"] = fmt.Sprintf("Клиент %d", i)
				} else {
					body["name"] = fmt.Sprintf("ООО «Клиент %d»", i)
				}
				clients = append(clients, [2]string{typ, w.do(t, "POST", "/api/v3/"+typ, body)["id"].(string)})
			case op == 2:
				c := clients[w.rnd.Intn(len(clients))]
				h.Do("DELETE", "/api/v3/"+c[0]+"/"+c[1], apitest.Req{Body: map[string]any{"mode": "only_fake_drop"}})
			case op == 3:
				c := clients[w.rnd.Intn(len(clients))]
				h.Do("POST", "/api/v3/"+c[0]+"/"+c[1], apitest.Req{Body: map[string]any{"isDropped": false}})
			case op == 4:
				j := w.rnd.Intn(len(clients))
				c := clients[j]
				w.do(t, "POST", "/api/v3/"+c[0]+"/"+c[1], map[string]any{"responsibles": w.some(2)})
			default:
				c := clients[w.rnd.Intn(len(clients))]
				if err := h.DB.Exec(context.Background(), "UPDATE "+tables[c[0]]+" SET c_isdropped = ? WHERE id = ?", w.rnd.Intn(2), c[1]); err != nil {
					t.Fatal(err)
				}
			}
			if i%10 != 9 {
				continue
			}
			// The job folds many deltas into one row per reader and
			// bucket; the never-dropped clients' bucket is '', which
			// the counts ask for by name and must survive the fold.
			if _, err := access.Compact(context.Background(), h.DB); err != nil {
				t.Fatal(err)
			}
			for _, f := range []struct{ id, cond string }{{"all", "COALESCE(c_isdropped, 0) = 0"}, {"dropped", "COALESCE(c_isdropped, 0) = 1"}} {
				total := 0
				for _, typ := range types {
					want := len(w.ids(t, "SELECT id FROM "+tables[typ]+" WHERE account_id = ? AND "+f.cond, h.Account))
					total += want
					count(t, h, "/api/v3/"+typ, f.id, want)
				}
				count(t, h, "/api/v3/contractor", f.id, total)
			}
			w.check(t)
		}
	})
}

func count(t *testing.T, h *apitest.Harness, path, filter string, want int) {
	t.Helper()
	r := h.Do("GET", path+apitest.Q(`{"limit":1,"filter":{"contentType":"CrmFilter","id":"`+filter+`"}}`), apitest.Req{})
	if r.Status != 200 || r.Meta()["pagination"].(map[string]any)["count"] != float64(want) {
		t.Fatalf("%s through %s counts %v, the rows say %d: %s", path, filter, r.Meta()["pagination"], want, r.Body)
	}
}

// TestKeptClientCountsFolded: the job that folds a reader's many count
// deltas into one row keeps the bucket of never-dropped clients (”), so
// the "all" filter still counts them afterwards (it once read 0 after
// the first fold).
func TestKeptClientCountsFolded(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		for i := range 12 {
			if r := h.Do("POST", "/api/v3/contractorHuman", apitest.Req{Body: map[string]any{"firstName": fmt.Sprintf("Клиент %d", i)}}); r.Status != 200 {
				t.Fatalf("client: %s", r.Body)
			}
		}
		if n, err := access.Compact(context.Background(), h.DB); err != nil || n == 0 {
			t.Fatalf("compact: %d %v", n, err)
		}
		count(t, h, "/api/v3/contractorHuman", "all", 12)
		count(t, h, "/api/v3/contractor", "all", 12)
	})
}

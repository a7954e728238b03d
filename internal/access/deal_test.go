package access_test

import (
	"context"
	"fmt"
	"math/rand"
	"strconv"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/catalog"
)

// TestKeptDealCountsByProgram: a deal list is one program's, and its count
// comes from the counts kept per program. Random deals move between
// programs (through the API and in SQL), change managers and auditors
// and are deleted; each program's count, in each shape a client may send
// the program filter in, stays the number of its deals, and the kept rows
// a rebuild's.
func TestKeptDealCountsByProgram(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		w := &world{h: h, rnd: rand.New(rand.NewSource(11))}
		for i := range 3 {
			id, token := h.Person(t, "Менеджер", fmt.Sprintf("manager%d@example.com", i), "long enough pass")
			w.people, w.tokens = append(w.people, id), append(w.tokens, token)
		}
		w.groups = []string{w.do(t, "POST", "/api/v3/group", map[string]any{"name": "Отдел продаж"})["id"].(string)}
		var programs []string
		for i := range 2 {
			p := w.do(t, "POST", "/api/v3/program", map[string]any{"name": fmt.Sprintf("Воронка %d", i)})["id"].(string)
			w.do(t, "POST", "/api/v3/programState", map[string]any{"name": "Новая", "type": "active", "isEntry": true,
				"program": apitest.Link("Program", p)})
			programs = append(programs, p)
		}
		var deals []string
		program := func() map[string]any { return apitest.Link("Program", programs[w.rnd.Intn(len(programs))]) }
		col := catalog.MustLoad().Type("Deal").Field("program").Column
		for i := range 60 {
			switch op := w.rnd.Intn(5); {
			case op < 2 || len(deals) == 0:
				deals = append(deals, w.do(t, "POST", "/api/v3/deal", map[string]any{"name": "Сделка " + strconv.Itoa(i),
					"program": program(), "manager": w.person(), "auditors": w.some(2)})["id"].(string))
			case op == 2:
				w.do(t, "POST", "/api/v3/deal/"+deals[w.rnd.Intn(len(deals))], map[string]any{"manager": w.person(), "auditors": w.some(2)})
			case op == 3:
				j := w.rnd.Intn(len(deals))
				if r := h.Do("DELETE", "/api/v3/deal/"+deals[j], apitest.Req{}); r.Status != 200 {
					t.Fatalf("delete deal: %s", r.Body)
				}
				deals = append(deals[:j], deals[j+1:]...)
			default:
				// Moved to another program behind the engine's back.
				p, _ := strconv.ParseInt(programs[w.rnd.Intn(len(programs))], 10, 64)
				if err := h.DB.Exec(context.Background(), "UPDATE e_deal SET "+col+"_i = ? WHERE id = ?", p, deals[w.rnd.Intn(len(deals))]); err != nil {
					t.Fatal(err)
				}
			}
			if i%10 != 9 {
				continue
			}
			for _, p := range programs {
				want := len(w.ids(t, "SELECT id FROM e_deal WHERE account_id = ? AND "+col+"_i = ?", h.Account, p))
				link := `{"contentType":"Program","id":"` + p + `"}`
				term := `{"contentType":"FilterTermRef","field":"program","comparison":"equals","value":[` + link + `]}`
				for _, filter := range []string{
					`{"contentType":"FilterConfig","termGroup":{"contentType":"FilterTermGroup","join":"and","terms":[` + term + `]}}`,
					`{"contentType":"TradeFilter","id":null,"program":` + link + `}`,
					strconv.Quote(`{"contentType":"TradeFilter","config":{"contentType":"FilterConfig","termGroup":{"join":"or","terms":[` + term + `]}}}`),
				} {
					for _, token := range []string{h.Token, w.tokens[0]} {
						r := h.Do("GET", "/api/v3/deal"+apitest.Q(`{"limit":1,"filter":`+filter+`}`), apitest.Req{Token: token})
						if r.Status != 200 || r.Meta()["pagination"].(map[string]any)["count"] != float64(want) {
							t.Fatalf("program %s through %s counts %v, it holds %d: %s", p, filter, r.Meta()["pagination"], want, r.Body)
						}
					}
				}
			}
			w.check(t) // and the kept rows are a rebuild's
		}
	})
}

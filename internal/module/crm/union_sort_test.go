package crm_test

import (
	"fmt"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// People and companies in one list sort by a field both keep, those
// without a value last whichever the direction, people first on ties;
// pages of any size, each after the last client of the one before,
// walk the same list.
func TestContractorUnionSorts(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		next := func(path string, body map[string]any, day int) {
			id := create(t, h, path, body)
			if day > 0 {
				typ := map[string]string{"contractorHuman": "ContractorHuman", "contractorCompany": "ContractorCompany"}[path]
				create(t, h, "todo", map[string]any{"name": "Звонок", "relations": []any{apitest.Link(typ, id)},
					"when": map[string]any{"contentType": "IntervalDates", "from": map[string]any{"contentType": "DateOnly", "year": 2026, "month": 11, "day": day}}})
			}
		}
		next("contractorHuman", map[string]any{"firstName": "Вера"}, 3)
		next("contractorHuman", map[string]any{"firstName": "Анна"}, 0)
		next("contractorCompany", map[string]any{"name": "Бета"}, 3)
		next("contractorCompany", map[string]any{"name": "Гамма"}, 1)
		next("contractorCompany", map[string]any{"name": "Дельта"}, 0)
		walk := func(sort string, size int) []string {
			var got []string
			after := ""
			for range 10 {
				r := h.Do("GET", "/api/v3/contractor"+apitest.Q(fmt.Sprintf(`{"limit":%d,"sortBy":[%s]%s}`, size, sort, after)), apitest.Req{})
				if r.Status != 200 {
					t.Fatalf("%s: %d %s", sort, r.Status, r.Body)
				}
				list := r.List()
				if len(list) == 0 {
					break
				}
				got = append(got, names(r)...)
				last := list[len(list)-1]
				after = fmt.Sprintf(`,"pageAfter":{"contentType":%q,"id":%q}`, last["contentType"], last["id"])
			}
			return got
		}
		for _, c := range []struct{ sort, want string }{
			{`{"fieldName":"nextCommunicationDate"}`, "[Гамма Вера Бета Анна Дельта]"},
			{`{"fieldName":"nextCommunicationDate","desc":true}`, "[Вера Бета Гамма Анна Дельта]"},
			{`{"fieldName":"name"}`, "[Анна Бета Вера Гамма Дельта]"},
			{`{"fieldName":"name","desc":true}`, "[Дельта Гамма Вера Бета Анна]"},
		} {
			for _, size := range []int{100, 2, 1} {
				if got := fmt.Sprint(walk(c.sort, size)); got != c.want {
					t.Errorf("%s in pages of %d: %s, want %s", c.sort, size, got, c.want)
				}
			}
		}
	})
}

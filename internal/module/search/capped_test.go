package search_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/entity"
)

// A `q` list counts its hits up to entity.SearchCount: past it the count
// is that bound and pagination says countCapped (Artel's own field); up
// to it the count is exact and countCapped absent. Lists without q count
// exactly as before.
func TestListQCountCapped(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		sc := entity.Scope{Account: h.Account, System: true}
		err := h.DB.WithTx(context.Background(), func(ctx context.Context) error {
			for i := range entity.SearchCount + 20 { // 7 estimates, 1,013 reports
				name := fmt.Sprintf("Отчёт %d", i)
				if i < 7 {
					name = fmt.Sprintf("Смета %d", i)
				}
				if _, err := h.Srv.Engine.Create(ctx, sc, "Task", entity.Input{"name": json.RawMessage(fmt.Sprintf("%q", name))}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		page := func(query map[string]any) map[string]any {
			js, _ := json.Marshal(query)
			r := h.Do("GET", "/api/v3/task"+apitest.Q(string(js)), apitest.Req{})
			if r.Status != 200 {
				t.Fatalf("%s: %d %s", js, r.Status, r.Body)
			}
			return r.Meta()["pagination"].(map[string]any)
		}
		if p := page(map[string]any{"q": "отчеты", "limit": 5}); p["count"] != float64(entity.SearchCount) || p["countCapped"] != true || p["hasMoreNext"] != true {
			t.Errorf("a common word: %v", p)
		}
		// The newest hits first, and the next page from the last one.
		names := func(query map[string]any) (out []string, last string) {
			js, _ := json.Marshal(query)
			for _, it := range h.Do("GET", "/api/v3/task"+apitest.Q(string(js)), apitest.Req{}).List() {
				out, last = append(out, fmt.Sprint(it["name"])), fmt.Sprint(it["id"])
			}
			return out, last
		}
		first, last := names(map[string]any{"q": "отчеты", "limit": 3})
		next, _ := names(map[string]any{"q": "отчеты", "limit": 3, "pageAfter": map[string]any{"contentType": "Task", "id": last}})
		if got := fmt.Sprint(first, next); got != "[Отчёт 1019 Отчёт 1018 Отчёт 1017] [Отчёт 1016 Отчёт 1015 Отчёт 1014]" {
			t.Errorf("the newest hits first, then the next page: %s", got)
		}
		if p := page(map[string]any{"q": "смета", "limit": 5}); p["count"] != 7.0 || p["countCapped"] != nil {
			t.Errorf("a rare word: %v", p)
		}
		if p := page(map[string]any{"limit": 5}); p["count"] != float64(entity.SearchCount+20) || p["countCapped"] != nil {
			t.Errorf("no q: %v", p)
		}
	})
}

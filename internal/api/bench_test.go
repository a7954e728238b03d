package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/entity"
)

// benchHarness is a SQLite server with n tasks, made through the engine
// in one transaction.
func benchHarness(b *testing.B, n int) (*apitest.Harness, []int64) {
	h := apitest.New(b, "sqlite")
	sc := entity.Scope{Account: h.Account, System: true}
	ids := make([]int64, 0, n)
	err := h.DB.WithTx(context.Background(), func(ctx context.Context) error {
		for i := 0; i < n; i++ {
			rec, err := h.Srv.Engine.Create(ctx, sc, "Task", entity.Input{"name": json.RawMessage(fmt.Sprintf(`"Задача %d"`, i))})
			if err != nil {
				return err
			}
			ids = append(ids, rec.ID)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return h, ids
}

func BenchmarkListFirstPage25(b *testing.B) {
	h, _ := benchHarness(b, 5000)
	path := "/api/v3/task" + apitest.Q(`{"limit":25}`)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if r := h.Do("GET", path, apitest.Req{}); r.Status != 200 {
				b.Fatal(r.Status)
			}
		}
	})
}

func BenchmarkGetTask(b *testing.B) {
	h, ids := benchHarness(b, 5000)
	var i atomic.Int64
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			id := ids[int(i.Add(1))%len(ids)]
			if r := h.Do("GET", fmt.Sprintf("/api/v3/task/%d", id), apitest.Req{}); r.Status != 200 {
				b.Fatal(r.Status)
			}
		}
	})
}

func BenchmarkCreateTask(b *testing.B) {
	h, _ := benchHarness(b, 0)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if r := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Новая задача"}}); r.Status != 200 {
				b.Fatal(r.Status, string(r.Body))
			}
		}
	})
}

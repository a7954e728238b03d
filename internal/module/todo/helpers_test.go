package todo_test

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// newTodo creates a to-do as the token's user and answers its id.
func newTodo(t *testing.T, h *apitest.Harness, token, body string) string {
	t.Helper()
	r := h.Do("POST", "/api/v3/todo", js(token, body))
	if r.Status != 200 {
		t.Fatalf("create: %s", r.Body)
	}
	return r.Obj()["id"].(string)
}

// clock puts the server's engine on a clock the test sets (RFC 3339),
// starting at start.
func clock(h *apitest.Harness, start string) func(at string) {
	var now atomic.Int64
	set := func(at string) {
		tm, _ := time.Parse(time.RFC3339, at)
		now.Store(tm.UnixMilli())
	}
	set(start)
	h.Srv.Engine.Now = func() time.Time { return time.UnixMilli(now.Load()) }
	return set
}

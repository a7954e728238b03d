package todo_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Concurrent writers of one person's day: none fails, and the kept count
// of the busy grid is every to-do (each recount waits for the other).
func TestBusyDaysUnderConcurrentWrites(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		ninaID, _ := h.Person(t, "Нина", "nina@example.com", "long enough pass")
		const n = 16
		var wg sync.WaitGroup
		errs := make(chan string, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := h.Do("POST", "/api/v3/todo", js("", fmt.Sprintf(`{"name":"Звонок %d","responsible":%s,"when":%s}`, i, emp(ninaID),
					at(fmt.Sprintf("2026-11-26T%02d:00:00+00:00", 8+i%8), ""))))
				if r.Status != 200 {
					errs <- string(r.Body)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Fatalf("a concurrent write failed: %s", e)
		}
		r := h.Do("GET", "/api/v3/todo/busyGrid?from=2026-11-26T00:00:00Z&to=2026-11-27T00:00:00Z&subjects=["+emp(ninaID)+"]", apitest.Req{})
		if !strings.Contains(string(r.Body), fmt.Sprintf(`"count":%d,`, n)) || !strings.Contains(string(r.Body), `"minutes":480`) {
			t.Fatalf("the day counts %s, want %d to-dos of 480 minutes", r.Body, n)
		}
	})
}

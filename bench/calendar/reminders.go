package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"sync"
	"sync/atomic"
	"time"

	"github.com/artel/artel/bench/internal/loadgen"
)

// reminders makes n to-dos whose reminders all fall due at one moment
// (far enough ahead for the writes to finish), then measures how long
// after that moment every reminder has reached its recipient's
// notifications, read over the API as the 50 people's counters.
func reminders(ctx context.Context, base string, admin *loadgen.Client, dept []map[string]any, n int) (result, error) {
	people := make([]*loadgen.Client, len(dept))
	for i := range dept {
		people[i] = loadgen.NewClient(base, 1)
		if err := people[i].SignIn(ctx, fmt.Sprintf("p%d@bench.local", i), password); err != nil {
			return result{}, err
		}
	}
	before, err := unread(ctx, people)
	if err != nil {
		return result{}, err
	}
	// Writes take 2.5 ms each on SQLite and 5 ms on PostgreSQL here;
	// 8 ms and a margin leave room on a slower machine.
	lead := time.Duration(n)*8*time.Millisecond + 20*time.Second
	dueAt := time.Now().Add(lead).Truncate(time.Second)
	start := dueAt.Add(10 * time.Minute)
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := next.Add(1); i <= int64(n); i = next.Add(1) {
				body := map[string]any{"name": fmt.Sprintf("Напоминание %d", i), "responsible": dept[int(i)%len(dept)],
					"when": map[string]any{"contentType": "IntervalTime",
						"from": map[string]any{"contentType": "DateTime", "value": start.UTC().Format(time.RFC3339)}},
					"reminders": []any{map[string]any{"contentType": "Reminder", "transport": "web",
						"timeBefore": map[string]any{"contentType": "DateInterval", "value": 600}}}}
				if _, err := admin.Do(ctx, "POST", "/api/v3/todo", body); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return result{}, err
	}
	if time.Now().After(dueAt) {
		return result{}, fmt.Errorf("writing %d to-dos outlasted the lead of %v", n, lead)
	}
	log.Printf("%d reminders due at %s; waiting", n, dueAt.Format(time.TimeOnly))
	time.Sleep(time.Until(dueAt))
	for {
		got, err := unread(ctx, people)
		if err != nil {
			return result{}, err
		}
		if got-before >= int64(n) {
			took := time.Since(dueAt)
			return result{Items: n, P50ms: ms(took), P99ms: ms(took)}, nil
		}
		if time.Since(dueAt) > 2*time.Minute {
			return result{}, fmt.Errorf("%d of %d reminders after two minutes", got-before, n)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// unread is the sum of the people's notification counters.
func unread(ctx context.Context, people []*loadgen.Client) (int64, error) {
	var sum int64
	for _, p := range people {
		b, err := p.Do(ctx, "GET", "/api/v3/notification/counter", nil)
		if err != nil {
			return 0, err
		}
		var c struct {
			Data struct {
				Count int64 `json:"count"`
			} `json:"data"`
		}
		if err := json.Unmarshal(b, &c); err != nil {
			return 0, err
		}
		sum += c.Data.Count
	}
	return sum, nil
}

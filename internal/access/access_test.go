package access_test

import (
	"context"
	"fmt"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/artel/artel/internal/access"
	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/rights"
)

// world is the cast of the property test: four employees, two groups and
// the tasks the random writes leave.
type world struct {
	h      *apitest.Harness
	rnd    *rand.Rand
	people []string // employee ids
	tokens []string
	groups []string
	tasks  []string
}

func (w *world) someone() map[string]any {
	if w.rnd.Intn(4) == 0 {
		return apitest.Link("Group", w.groups[w.rnd.Intn(len(w.groups))])
	}
	return apitest.Link("Employee", w.people[w.rnd.Intn(len(w.people))])
}

func (w *world) some(max int) []any {
	out := []any{}
	for range w.rnd.Intn(max + 1) {
		out = append(out, w.someone())
	}
	return out
}

func (w *world) person() map[string]any {
	return apitest.Link("Employee", w.people[w.rnd.Intn(len(w.people))])
}

func (w *world) do(t *testing.T, method, path string, body map[string]any) map[string]any {
	t.Helper()
	r := w.h.Do(method, path, apitest.Req{Body: body})
	if r.Status != 200 {
		t.Fatalf("%s %s %v: %d %s", method, path, body, r.Status, r.Body)
	}
	return r.Obj()
}

// step makes one random write that changes who sees what: through the
// API, and, like a merge of clients or a reassignment, straight in SQL.
func (w *world) step(t *testing.T) {
	h := w.h
	pick := func() string { return w.tasks[w.rnd.Intn(len(w.tasks))] }
	switch op := w.rnd.Intn(10); {
	case op < 3 || len(w.tasks) == 0:
		body := map[string]any{"name": "Задача " + strconv.Itoa(len(w.tasks)), "auditors": w.some(2), "executors": w.some(2)}
		if w.rnd.Intn(3) > 0 {
			body["responsible"] = w.person()
		}
		w.tasks = append(w.tasks, w.do(t, "POST", "/api/v3/task", body)["id"].(string))
	case op == 3:
		w.do(t, "POST", "/api/v3/task/"+pick(), map[string]any{"responsible": w.person()})
	case op == 4:
		w.do(t, "POST", "/api/v3/task/"+pick(), map[string]any{"auditors": w.some(3)})
	case op == 5:
		w.do(t, "POST", "/api/v3/task/"+pick(), map[string]any{"owner": w.person(), "executors": w.some(2)})
	case op == 6:
		i := w.rnd.Intn(len(w.tasks))
		if r := h.Do("DELETE", "/api/v3/task/"+w.tasks[i], apitest.Req{}); r.Status != 200 {
			t.Fatalf("delete: %s", r.Body)
		}
		w.tasks = slices.Delete(w.tasks, i, i+1)
	case op == 7:
		g := w.groups[w.rnd.Intn(len(w.groups))]
		var kids []any
		for _, p := range w.people {
			if w.rnd.Intn(2) == 0 {
				kids = append(kids, apitest.Link("Employee", p))
			}
		}
		w.do(t, "POST", "/api/v3/group/"+g, map[string]any{"children": kids})
	case op == 8:
		// A status or the overdue flag written in SQL, as the overdue
		// job does (the flag moves the task's report line alone).
		statuses := []string{"assigned", "accepted", "done", "completed", "overdue"}
		task := catalog.MustLoad().Type("Task")
		q, arg := "UPDATE e_task SET "+task.Field("status").Column+" = ? WHERE id = ?", any(statuses[w.rnd.Intn(len(statuses))])
		if w.rnd.Intn(2) == 0 {
			q, arg = "UPDATE e_task SET "+task.Field("isOverdue").Column+" = ? WHERE id = ?", w.rnd.Intn(2)
		}
		if err := h.DB.Exec(context.Background(), q, arg, pick()); err != nil {
			t.Fatal(err)
		}
	default:
		// A reassignment that bypasses the engine: every auditor role of
		// one person handed to another, as a merge rewrites links.
		from, to := w.people[w.rnd.Intn(len(w.people))], w.people[w.rnd.Intn(len(w.people))]
		if from == to {
			return
		}
		err := h.DB.Exec(context.Background(), `UPDATE links SET dst_id = ? WHERE account_id = ? AND src_type = 'Task'
			AND field = 'auditors' AND dst_type = 'Employee' AND dst_id = ? AND NOT EXISTS (SELECT 1 FROM links o
			WHERE o.src_type = links.src_type AND o.src_id = links.src_id AND o.field = links.field AND o.dst_type = 'Employee' AND o.dst_id = ?)`,
			to, h.Account, from, to)
		if err != nil {
			t.Fatal(err)
		}
	}
}

// recomputed is who sees which task, from the stored roles themselves.
func (w *world) recomputed(t *testing.T, person string, active string, statuses ...any) []string {
	task := catalog.MustLoad().Type("Task")
	var parts []string
	var args []any
	readers := "(%[1]s_t = 'Employee' AND %[1]s_i = ?) OR (%[1]s_t = 'Group' AND %[1]s_i IN (SELECT src_id FROM links WHERE src_type = 'Group' AND field = 'children' AND dst_type = 'Employee' AND dst_id = ?))"
	for _, f := range []string{"owner", "responsible", "userCreated"} {
		parts = append(parts, fmt.Sprintf(readers, task.Field(f).Column))
		args = append(args, person, person)
	}
	linked := strings.NewReplacer("%[1]s_t", "dst_type", "%[1]s_i", "dst_id").Replace(readers)
	parts = append(parts, "id IN (SELECT src_id FROM links WHERE src_type = 'Task' AND field IN ('executors', 'auditors', 'participants', 'templateUsers', 'templateViewers', 'negotiationExecutors') AND ("+
		linked+"))")
	args = append(args, person, person)
	return w.ids(t, "SELECT id FROM "+task.Table+" WHERE account_id = ? AND ("+strings.Join(parts, " OR ")+") AND "+active+" ORDER BY id DESC",
		append(append([]any{w.h.Account}, args...), statuses...)...)
}

// actual is the built-in filter "actual" as a link, and its statuses.
const actualFilter = `{"contentType":"TaskFilter","id":"actual"}`

var activeStatuses = []any{"created", "assigned", "accepted", "delayed", "overdue", "rejected"}

func (w *world) actualCount(t *testing.T, token string) float64 {
	r := w.h.Do("GET", "/api/v3/task"+apitest.Q(`{"limit":1,"filter":`+actualFilter+`}`), apitest.Req{Token: token})
	if r.Status != 200 {
		t.Fatalf("actual: %s", r.Body)
	}
	return r.Meta()["pagination"].(map[string]any)["count"].(float64)
}

func (w *world) ids(t *testing.T, q string, args ...any) []string {
	rows, err := w.h.DB.Q(context.Background()).QueryContext(context.Background(), w.h.DB.Dialect.Rebind(q), args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		out = append(out, strconv.FormatInt(id, 10))
	}
	return out
}

// listed is what the person's list shows, page by page, with its count.
func (w *world) listed(t *testing.T, token, extra string) ([]string, float64) {
	var out []string
	var count float64
	after := ""
	for {
		q := `{"limit":3` + extra + after + `}`
		r := w.h.Do("GET", "/api/v3/task"+apitest.Q(q), apitest.Req{Token: token})
		if r.Status != 200 {
			t.Fatalf("list %s: %s", q, r.Body)
		}
		count = r.Meta()["pagination"].(map[string]any)["count"].(float64)
		for _, rec := range r.List() {
			out = append(out, rec["id"].(string))
		}
		if !r.Meta()["pagination"].(map[string]any)["hasMoreNext"].(bool) {
			return out, count
		}
		after = `,"pageAfter":{"contentType":"Task","id":"` + out[len(out)-1] + `"}`
	}
}

func (w *world) check(t *testing.T) {
	t.Helper()
	for i, p := range w.people {
		want := w.recomputed(t, p, "1 = 1")
		actual := w.recomputed(t, p, "c_status IN (?, ?, ?, ?, ?, ?)", activeStatuses...)
		if n := w.actualCount(t, w.tokens[i]); int(n) != len(actual) {
			t.Fatalf("employee %s counts %v actual, the roles say %v", p, n, actual)
		}
		got, count := w.listed(t, w.tokens[i], "")
		if !slices.Equal(got, want) || int(count) != len(want) {
			t.Fatalf("employee %s sees %v (count %v), the roles say %v", p, got, count, want)
		}
		byName, count := w.listed(t, w.tokens[i], `,"sortBy":[{"contentType":"SortField","fieldName":"name","desc":false}]`)
		slices.Sort(byName)
		sorted := slices.Clone(want)
		slices.Sort(sorted)
		if !slices.Equal(byName, sorted) || int(count) != len(want) {
			t.Fatalf("employee %s sees by name %v (count %v), the roles say %v", p, byName, count, want)
		}
	}
	all := w.ids(t, "SELECT id FROM e_task WHERE account_id = ? AND c_status IN (?, ?, ?, ?, ?, ?)", append([]any{w.h.Account}, activeStatuses...)...)
	if n := w.actualCount(t, w.h.Token); int(n) != len(all) {
		t.Fatalf("the administrator counts %v actual, the statuses say %d", n, len(all))
	}
	// The kept rows equal a rebuild from scratch, and each count its rows.
	kept := w.rows(t)
	if err := access.Resync(context.Background(), w.h.DB, rights.Kept(catalog.MustLoad())); err != nil {
		t.Fatal(err)
	}
	if rebuilt := w.rows(t); !slices.Equal(kept, rebuilt) {
		t.Fatalf("kept rows differ from a rebuild:\n%v\n%v", kept, rebuilt)
	}
}

// rows lists entity_access and each reader's count as text lines.
func (w *world) rows(t *testing.T) []string {
	var out []string
	// A row's bucket and report line (access.Line: a task's responsible
	// and class) as one text.
	kept := "COALESCE(bucket, '') || ' ' || COALESCE(line_type, '-') || ':' || COALESCE(CAST(line_id AS TEXT), '-') || ':' || COALESCE(CAST(line_class AS TEXT), '-')"
	for _, q := range []string{"SELECT content_type, reader_type, reader_id, entity_id, n, " + kept + " FROM entity_access",
		`SELECT content_type, reader_type, reader_id, 0, SUM(n), COALESCE(bucket, '') FROM entity_access_counts
			GROUP BY content_type, reader_type, reader_id, bucket HAVING SUM(n) <> 0`} {
		rows, err := w.h.DB.Q(context.Background()).QueryContext(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var ct, rt, bucket string
			var ri, id, n int64
			if err := rows.Scan(&ct, &rt, &ri, &id, &n, &bucket); err != nil {
				t.Fatal(err)
			}
			out = append(out, fmt.Sprintf("%s %s:%d %d %s n=%d", ct, rt, ri, id, bucket, n))
		}
		rows.Close()
	}
	slices.Sort(out)
	return out
}

func TestKeptVisibilityEqualsRecomputed(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		w := &world{h: h, rnd: rand.New(rand.NewSource(7))}
		for i := range 4 {
			id, token := h.Person(t, "Читатель", fmt.Sprintf("reader%d@example.com", i), "long enough pass")
			w.people, w.tokens = append(w.people, id), append(w.tokens, token)
		}
		for i := range 2 {
			g := w.do(t, "POST", "/api/v3/group", map[string]any{"name": fmt.Sprintf("Группа %d", i),
				"children": []any{apitest.Link("Employee", w.people[i])}})
			w.groups = append(w.groups, g["id"].(string))
		}
		for i := range 150 {
			w.step(t)
			if i%10 == 9 {
				if i%20 == 19 {
					if _, err := access.Compact(context.Background(), h.DB); err != nil {
						t.Fatal(err)
					}
				}
				w.check(t)
			}
		}
	})
}

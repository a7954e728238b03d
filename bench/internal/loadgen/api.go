package loadgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"sync"
)

// Account is what requests pick ids from: the generated data set.
type Account struct {
	Employees []int64
	Projects  []int64
	TaskFirst int64
	TaskLast  int64
	Words     []string // words that occur in task names
	// ClientWords occur in client names (the client list's search).
	ClientWords []string
}

// API sends the scenarios' requests. Tasks it creates go to a pool that
// the delete operation takes from, so deletes never touch generated data.
type API struct {
	C *Client
	A Account
	// Employee is signed in as an ordinary employee of the account (no
	// administrator rights): what most readers of the task screen are.
	Employee *Client
	// Deals is set by PrepareDeals for the deal scenarios.
	Deals Deals

	mu      sync.Mutex
	created []int64
}

var firstPage = "/api/v3/task" + Q(map[string]any{"limit": 25})

// screenFields are the columns the task list screen shows, with the counts
// its rows carry: what the web app asks for, not every field of a task.
var screenFields = []string{"name", "humanNumber", "status", "responsible", "owner", "deadline", "isOverdue",
	"isFavorite", "subTasksCount", "commentsCount", "unreadCommentsCount", "possibleActions"}

var screenPage = "/api/v3/task" + Q(map[string]any{"limit": 25, "fields": screenFields, "onlyRequestedFields": true})

var actualPage = "/api/v3/task" + Q(map[string]any{"limit": 25, "fields": screenFields, "onlyRequestedFields": true,
	"filter": map[string]any{"contentType": "TaskFilter", "id": "actual"}})

func link(typ string, id int64) map[string]any {
	return map[string]any{"contentType": typ, "id": strconv.FormatInt(id, 10)}
}

func (a *API) task(r *rand.Rand) int64 { return a.A.TaskFirst + r.Int64N(a.A.TaskLast-a.A.TaskFirst+1) }

func (a *API) get(ctx context.Context, path string) error { return a.C.Fetch(ctx, path) }

// ListFirst is the first page of 25 tasks in the default order.
func (a *API) ListFirst(ctx context.Context, w *Worker) error { return a.get(ctx, firstPage) }

// ListScreen is the first page of the task list screen: the fields and
// counts its rows show, nothing more.
func (a *API) ListScreen(ctx context.Context, w *Worker) error { return a.get(ctx, screenPage) }

// ListScreenEmployee is the task screen's first page as an employee, who
// sees only the tasks their roles name, so every count and list carries
// the rights condition.
func (a *API) ListScreenEmployee(ctx context.Context, w *Worker) error {
	if a.Employee == nil {
		return errors.New("no employee signed in")
	}
	_, err := a.Employee.Do(ctx, "GET", screenPage, nil)
	return err
}

// ListActual is the same page through the built-in "actual" filter, whose
// count is over most of the tasks.
func (a *API) ListActual(ctx context.Context, w *Worker) error { return a.get(ctx, actualPage) }

// ListDeep is a page of 25 after an anchor in the oldest tenth of tasks:
// far down the default newest-first order.
func (a *API) ListDeep(ctx context.Context, w *Worker) error {
	span := max(1, (a.A.TaskLast-a.A.TaskFirst)/10)
	id := a.A.TaskFirst + w.Rand.Int64N(span)
	return a.get(ctx, "/api/v3/task"+Q(map[string]any{"limit": 25, "pageAfter": link("Task", id)}))
}

// ListFiltered is one employee's actual tasks (assigned or accepted), with
// the count every list answers.
func (a *API) ListFiltered(ctx context.Context, w *Worker) error {
	emp := a.A.Employees[w.Rand.IntN(len(a.A.Employees))]
	filter := map[string]any{"contentType": "FilterConfig", "termGroup": map[string]any{"join": "and", "terms": []any{
		map[string]any{"contentType": "FilterTermRef", "field": "responsible", "comparison": "equals", "value": []any{link("Employee", emp)}},
		map[string]any{"contentType": "FilterTermEnum", "field": "status", "comparison": "equals", "value": []string{"assigned", "accepted"}},
	}}}
	return a.get(ctx, "/api/v3/task"+Q(map[string]any{"limit": 25, "filter": filter}))
}

// Search is a full-text `q` for a word of task names.
func (a *API) Search(ctx context.Context, w *Worker) error {
	return a.get(ctx, "/api/v3/task"+Q(map[string]any{"limit": 25, "q": a.A.Words[w.Rand.IntN(len(a.A.Words))]}))
}

// SearchEmployee is the same `q` as an ordinary employee, whose
// visibility is ANDed into the search.
func (a *API) SearchEmployee(ctx context.Context, w *Worker) error {
	if a.Employee == nil {
		return errors.New("no employee signed in")
	}
	_, err := a.Employee.Do(ctx, "GET", "/api/v3/task"+Q(map[string]any{"limit": 25, "q": a.A.Words[w.Rand.IntN(len(a.A.Words))]}), nil)
	return err
}

// SearchAll is the search box of the web app: every area at once, five
// results a type (GET /api/v3/search).
func (a *API) SearchAll(ctx context.Context, w *Worker) error {
	return a.get(ctx, "/api/v3/search"+Q(map[string]any{"limit": 5, "q": a.A.Words[w.Rand.IntN(len(a.A.Words))]}))
}

// Get reads one generated task.
func (a *API) Get(ctx context.Context, w *Worker) error {
	return a.get(ctx, "/api/v3/task/"+strconv.FormatInt(a.task(w.Rand), 10))
}

// Create makes a task in a project and keeps its id for Delete.
func (a *API) Create(ctx context.Context, w *Worker) error {
	r := w.Rand
	body := map[string]any{"name": fmt.Sprintf("Нагрузочная задача %d", r.IntN(1000000)),
		"parent":      link("Project", a.A.Projects[r.IntN(len(a.A.Projects))]),
		"responsible": link("Employee", a.A.Employees[r.IntN(len(a.A.Employees))]),
		"status":      "assigned", "deadline": map[string]any{"contentType": "DateOnly", "year": 2026, "month": r.IntN(12), "day": 1 + r.IntN(28)}}
	out, err := a.C.Do(ctx, "POST", "/api/v3/task", body)
	if err != nil {
		return err
	}
	var res struct {
		Data struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		return err
	}
	id, err := strconv.ParseInt(res.Data.ID, 10, 64)
	if err != nil {
		return fmt.Errorf("create: no id in answer: %w", err)
	}
	a.mu.Lock()
	a.created = append(a.created, id)
	a.mu.Unlock()
	return nil
}

// Update changes one field (the name) of a generated task.
func (a *API) Update(ctx context.Context, w *Worker) error {
	body := map[string]any{"name": fmt.Sprintf("Изменённая задача %d", w.Rand.IntN(1000000))}
	_, err := a.C.Do(ctx, "POST", "/api/v3/task/"+strconv.FormatInt(a.task(w.Rand), 10), body)
	return err
}

// Delete removes a task Create made; ErrDone when none is left.
func (a *API) Delete(ctx context.Context, w *Worker) error {
	a.mu.Lock()
	if len(a.created) == 0 {
		a.mu.Unlock()
		return ErrDone
	}
	id := a.created[len(a.created)-1]
	a.created = a.created[:len(a.created)-1]
	a.mu.Unlock()
	_, err := a.C.Do(ctx, "DELETE", "/api/v3/task/"+strconv.FormatInt(id, 10), nil)
	return err
}

// Created is how many created tasks wait for a delete.
func (a *API) Created() int { a.mu.Lock(); defer a.mu.Unlock(); return len(a.created) }

var okStatus = []byte(`"status":200`)

// Bulk5 reads five tasks in one POST /api/v3/bulk; every call must answer 200.
func (a *API) Bulk5(ctx context.Context, w *Worker) error {
	calls := make([]any, 5)
	for i := range calls {
		calls[i] = map[string]any{"method": "GET", "url": "/api/v3/task/" + strconv.FormatInt(a.task(w.Rand), 10)}
	}
	out, err := a.C.Do(ctx, "POST", "/api/v3/bulk", map[string]any{"calls": calls})
	if err == nil && bytes.Count(out, okStatus) < 6 {
		err = errors.New("bulk: a call failed")
	}
	return err
}

// ByLinks reads 100 tasks by link (POST /api/v3/bulk/getEntitiesByLinks).
func (a *API) ByLinks(ctx context.Context, w *Worker) error {
	links := make([]any, 100)
	for i := range links {
		links[i] = link("Task", a.task(w.Rand))
	}
	_, err := a.C.Do(ctx, "POST", "/api/v3/bulk/getEntitiesByLinks", map[string]any{"links": links})
	return err
}

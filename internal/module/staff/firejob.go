package staff

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// A dismissal with hand-over runs as a background job: the ban is set at
// once (the person cannot sign in from that moment), then each entity
// where they hold a role moves to the person chosen for its area in its
// own transaction, so every object moves whole or not at all, and a
// failure of one does not undo the others. The job's row in fire_jobs
// (migration 22) is its plan, its progress and its report; progress goes
// to the initiator over the live socket (user:{uid}, contentType FireJob).

// Areas a role belongs to, by the entity's type; a dismissal names one
// person per area. Types not listed are "other" (filters, reports,
// consignments, lead forms).
var areaOfType = map[string]string{
	"Task": "tasks", "Project": "tasks", "Milestone": "tasks",
	"ContractorHuman": "clients", "ContractorCompany": "clients",
	"Deal": "deals", "Todo": "todos", "DocRights": "documents",
	"ProgramTransition": "deals", "ProgramTrigger": "deals",
}

// Areas in the order the web app shows them.
var Areas = []string{"tasks", "clients", "deals", "todos", "documents", "other"}

func areaOf(typ string) string {
	if a, ok := areaOfType[typ]; ok {
		return a
	}
	return "other"
}

// JobResume is the periodic job that resumes dismissals whose node
// stopped; River stores the name, so it stays.
const JobResume = "staff.fireJobs"

// Job states.
const (
	jobRunning = "running"
	jobDone    = "done"
)

// FireJob is one row of fire_jobs.
type FireJob struct {
	ID       int64
	Account  int64
	Employee int64
	Actor    int64
	State    string
	Plan     map[string]int64 // area -> employee id
	Total    int
	Done     int
	Failed   int
	Report   *Report
	Created  int64
	Finished *int64
}

// Report is what a finished job moved and what it could not.
type Report struct {
	Moved    map[string]int  `json:"moved"` // "Type.field" -> entities
	Failures []ReportFailure `json:"failures"`
	ByArea   map[string]int  `json:"byArea"` // area -> entities moved
}

// ReportFailure is an entity that stayed with the dismissed employee.
type ReportFailure struct {
	Type  string `json:"contentType"`
	ID    string `json:"id"`
	Error string `json:"error"`
}

// Encode is the FireJob as the API answers it (an Artel addition).
func (j *FireJob) Encode() map[string]any {
	plan := map[string]any{}
	for a, id := range j.Plan {
		plan[a] = map[string]any{"contentType": "Employee", "id": strconv.FormatInt(id, 10)}
	}
	out := map[string]any{"contentType": "FireJob", "id": strconv.FormatInt(j.ID, 10),
		"employee": map[string]any{"contentType": "Employee", "id": strconv.FormatInt(j.Employee, 10)},
		"state":    j.State, "plan": plan, "total": j.Total, "done": j.Done, "failed": j.Failed,
		"report": j.Report, "timeCreated": map[string]any{"contentType": "DateTime", "value": time.UnixMilli(j.Created).UTC().Format(time.RFC3339)}}
	return out
}

// Jobs runs and reads dismissal jobs. One per server process.
type Jobs struct {
	Engine *entity.Engine
	// Push puts a message on a user's own live route after ctx commits
	// (realtime.Hub.Send); nil sends nothing.
	Push func(ctx context.Context, account int64, user value.Link, route string, msg any) error
	Log  *slog.Logger

	mu      sync.Mutex
	running map[int64]bool
	wg      sync.WaitGroup
}

func (js *Jobs) exec(ctx context.Context, q string, args ...any) error {
	_, err := js.Engine.DB.Q(ctx).ExecContext(ctx, js.Engine.DB.Dialect.Rebind(q), args...)
	return err
}

// create records a new job inside the dismissal's transaction.
func (js *Jobs) create(ctx context.Context, account, employee, actor int64, plan map[string]int64, total int) (int64, error) {
	raw, _ := json.Marshal(plan)
	now := js.Engine.Now().UnixMilli()
	var id int64
	err := js.Engine.DB.Q(ctx).QueryRowContext(ctx, js.Engine.DB.Dialect.Rebind(`INSERT INTO fire_jobs
		(account_id, employee_id, actor_id, state, plan, total, created_at, beat_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		account, employee, actor, jobRunning, string(raw), total, now, now).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("staff: new fire job: %w", err)
	}
	return id, nil
}

// Get reads one job of the account; ErrNotFound when there is none.
func (js *Jobs) Get(ctx context.Context, account, id int64) (*FireJob, error) {
	j := &FireJob{}
	var plan string
	var report sql.NullString
	var finished sql.NullInt64
	err := js.Engine.DB.Q(ctx).QueryRowContext(ctx, js.Engine.DB.Dialect.Rebind(`SELECT id, account_id, employee_id,
		actor_id, state, plan, total, done, failed, report, created_at, finished_at FROM fire_jobs
		WHERE account_id = ? AND id = ?`), account, id).Scan(&j.ID, &j.Account, &j.Employee, &j.Actor, &j.State,
		&plan, &j.Total, &j.Done, &j.Failed, &report, &j.Created, &finished)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, entity.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("staff: fire job %d: %w", id, err)
	}
	if err := json.Unmarshal([]byte(plan), &j.Plan); err != nil {
		return nil, fmt.Errorf("staff: fire job %d plan: %w", id, err)
	}
	if report.Valid {
		j.Report = &Report{}
		if err := json.Unmarshal([]byte(report.String), j.Report); err != nil {
			return nil, fmt.Errorf("staff: fire job %d report: %w", id, err)
		}
	}
	if finished.Valid {
		j.Finished = &finished.Int64
	}
	return j, nil
}

// Start runs a job in the background unless this process runs it already.
func (js *Jobs) Start(account, id int64) {
	js.mu.Lock()
	if js.running == nil {
		js.running = map[int64]bool{}
	}
	if js.running[id] {
		js.mu.Unlock()
		return
	}
	js.running[id] = true
	js.wg.Add(1)
	js.mu.Unlock()
	go func() {
		defer js.wg.Done()
		defer func() {
			js.mu.Lock()
			delete(js.running, id)
			js.mu.Unlock()
		}()
		if err := js.Run(context.Background(), account, id); err != nil && js.Log != nil {
			js.Log.Error("fire job failed", "job", id, "err", err)
		}
	}()
}

// Wait waits for the jobs this process runs (tests, shutdown).
func (js *Jobs) Wait() { js.wg.Wait() }

// Resume starts the jobs left running whose last progress is older than
// stale: their node stopped mid-way. Registered as a periodic job, so on
// PostgreSQL one node picks them up. Moving is idempotent (what is moved
// is no longer the dismissed person's), so a resumed job just goes on.
func (js *Jobs) Resume(ctx context.Context, now time.Time) error {
	const stale = 2 * time.Minute
	rows, err := js.Engine.DB.Q(ctx).QueryContext(ctx, js.Engine.DB.Dialect.Rebind(`SELECT account_id, id FROM fire_jobs
		WHERE state = ? AND beat_at < ?`), jobRunning, now.Add(-stale).UnixMilli())
	if err != nil {
		return fmt.Errorf("staff: stale fire jobs: %w", err)
	}
	defer rows.Close()
	type pair struct{ account, id int64 }
	var list []pair
	for rows.Next() {
		var p pair
		if err := rows.Scan(&p.account, &p.id); err != nil {
			return err
		}
		list = append(list, p)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, p := range list {
		js.Start(p.account, p.id)
	}
	return nil
}

// reopen sets a finished job with failures running again for actor, with
// plan, if it still is one: the conditional update lets only one of two
// simultaneous retries through. Failed and total restart from what moved.
func (js *Jobs) reopen(ctx context.Context, j *FireJob, actor int64, plan map[string]int64) (bool, error) {
	raw, _ := json.Marshal(plan)
	db := js.Engine.DB
	res, err := db.Writer().ExecContext(ctx, db.Dialect.Rebind(`UPDATE fire_jobs SET state = ?, actor_id = ?, plan = ?,
		failed = 0, total = done, beat_at = ?, finished_at = NULL WHERE account_id = ? AND id = ? AND state = ? AND failed > 0`),
		jobRunning, actor, string(raw), js.Engine.Now().UnixMilli(), j.Account, j.ID, jobDone)
	if err != nil {
		return false, fmt.Errorf("staff: retry fire job %d: %w", j.ID, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

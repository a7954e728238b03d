package crm

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// A merge whose clients are named by many objects runs as a background
// job: the call answers at once with the kept client (mergeInProgress
// true on it and the duplicates), and the job merges in one transaction,
// so it is still all or nothing. Its progress (objects moved of those
// counted) goes to the user over the live socket (user:{uid},
// contentType ContractorMerge) and is read at GET …/{id}/merge; its row
// in crm_merges (migration 33) ends in the merge's transaction, so a
// merge whose node stopped is done again whole by the resume job.

// MergeInline is how many objects naming the duplicates a merge moves
// within the call; above it the merge is a job.
const MergeInline = 2000

// JobMerges is the periodic job resuming merges whose node stopped.
const JobMerges = "crm.merges"

// Merge job states.
const (
	MergeRunning = "running"
	MergeDone    = "done"
	MergeFailed  = "failed"
)

// MergeJob is one row of crm_merges.
type MergeJob struct {
	ID, Account, Actor int64
	Kept               value.Link
	Dups               []value.Link
	Status             string
	Total, Done        int64
	Error              string
	CreatedAt          int64
}

// Merges runs background merges. One per server process.
type Merges struct {
	Engine *entity.Engine
	Scope  func(ctx context.Context, sc *entity.Scope) error // rights.Service.Fill
	Push   func(ctx context.Context, account int64, user value.Link, route string, msg any) error
	Log    *slog.Logger

	jobs     background
	mu       sync.Mutex
	progress map[int64]int64 // objects moved so far by the jobs this process runs
}

func (m *Merges) exec(ctx context.Context, q string, args ...any) error {
	_, err := m.Engine.DB.Q(ctx).ExecContext(ctx, m.Engine.DB.Dialect.Rebind(q), args...)
	return err
}

// Linked counts the objects that name a client: single links of any type
// and collection entries, both ways.
func Linked(ctx context.Context, e *entity.Engine, sc entity.Scope, c value.Link) (int64, error) {
	var total int64
	count := func(q string, args ...any) error {
		var n int64
		if err := e.DB.Q(ctx).QueryRowContext(ctx, e.DB.Dialect.Rebind(q), args...).Scan(&n); err != nil {
			return fmt.Errorf("crm: objects naming %s %d: %w", c.Type, c.ID, err)
		}
		total += n
		return nil
	}
	for _, name := range e.Cat.Names() {
		t := e.Cat.Type(name)
		for _, f := range t.Fields {
			if f.Role != catalog.RoleLink || !slices.Contains(f.Targets, c.Type) {
				continue
			}
			if err := count(fmt.Sprintf("SELECT COUNT(*) FROM %s WHERE account_id = ? AND %s_t = ? AND %s_i = ?", t.Table, f.Column, f.Column),
				sc.Account, c.Type, c.ID); err != nil {
				return 0, err
			}
		}
	}
	return total, count(`SELECT COUNT(*) FROM links WHERE account_id = ? AND ((dst_type = ? AND dst_id = ?) OR (src_type = ? AND src_id = ?))`,
		sc.Account, c.Type, c.ID, c.Type, c.ID)
}

// Check refuses, before a background merge is started, what Merge itself
// would refuse: a client merged into itself, one the caller does not see,
// may not change (the kept one) or delete (the duplicates).
func (m *Merges) Check(ctx context.Context, sc entity.Scope, into value.Link, from []value.Link) error {
	kept, err := m.Engine.Get(ctx, sc, into.Type, into.ID)
	if err != nil {
		return err
	}
	if m.Engine.Policy != nil && !sc.System {
		if err := m.Engine.Policy.Allow(ctx, sc, entity.ActEdit, kept.Type, kept); err != nil {
			return err
		}
	}
	for _, l := range from {
		if l == into {
			return entity.Invalidf("id", CodeMergeSelf, "")
		}
		rec, err := m.Engine.Get(ctx, sc, l.Type, l.ID)
		if err != nil {
			return err
		}
		if m.Engine.Policy != nil && !sc.System {
			if err := m.Engine.Policy.Allow(ctx, sc, entity.ActDelete, rec.Type, rec); err != nil {
				return err
			}
		}
	}
	return nil
}

// Create records a job and marks its clients mergeInProgress.
func (m *Merges) Create(ctx context.Context, sc entity.Scope, into value.Link, from []value.Link, total int64) (*MergeJob, error) {
	j := &MergeJob{Account: sc.Account, Actor: sc.Actor.ID, Kept: into, Dups: from, Status: MergeRunning, Total: total,
		CreatedAt: m.Engine.Now().UnixMilli()}
	dups, _ := json.Marshal(from)
	err := m.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		err := m.Engine.DB.Q(ctx).QueryRowContext(ctx, m.Engine.DB.Dialect.Rebind(`INSERT INTO crm_merges (account_id, actor_id,
			kept_type, kept_id, dups, status, total, created_at, beat_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			j.Account, j.Actor, into.Type, into.ID, string(dups), j.Status, total, j.CreatedAt, j.CreatedAt).Scan(&j.ID)
		if err != nil {
			return fmt.Errorf("crm: new merge job: %w", err)
		}
		return m.mark(ctx, sc.Account, append([]value.Link{into}, from...), true)
	})
	return j, err
}

// mark sets or clears the clients' mergeInProgress.
func (m *Merges) mark(ctx context.Context, account int64, clients []value.Link, on bool) error {
	flag := 0
	if on {
		flag = 1
	}
	for _, c := range clients {
		t := m.Engine.Cat.Type(c.Type)
		if err := m.exec(ctx, fmt.Sprintf("UPDATE %s SET %s = ? WHERE account_id = ? AND id = ?", t.Table, t.Field("mergeInProgress").Column),
			flag, account, c.ID); err != nil {
			return fmt.Errorf("crm: mark merge of %s %d: %w", c.Type, c.ID, err)
		}
	}
	return nil
}

// Latest reads the newest merge job kept in a client; ErrNotFound when
// it has none.
func (m *Merges) Latest(ctx context.Context, sc entity.Scope, kept value.Link) (*MergeJob, error) {
	j := &MergeJob{Kept: kept}
	var dups string
	err := m.Engine.DB.Q(ctx).QueryRowContext(ctx, m.Engine.DB.Dialect.Rebind(`SELECT id, account_id, actor_id, dups, status,
		total, done, error, created_at FROM crm_merges WHERE account_id = ? AND kept_type = ? AND kept_id = ? ORDER BY id DESC LIMIT 1`),
		sc.Account, kept.Type, kept.ID).Scan(&j.ID, &j.Account, &j.Actor, &dups, &j.Status, &j.Total, &j.Done, &j.Error, &j.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, entity.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("crm: merge of %s %d: %w", kept.Type, kept.ID, err)
	}
	if err := json.Unmarshal([]byte(dups), &j.Dups); err != nil {
		return nil, fmt.Errorf("crm: merge job %d: %w", j.ID, err)
	}
	m.mu.Lock()
	if n, ok := m.progress[j.ID]; ok && j.Status == MergeRunning {
		j.Done = n
	}
	m.mu.Unlock()
	return j, nil
}

// Encode is the job as the API answers it (an Artel addition).
func (j *MergeJob) Encode() map[string]any {
	dups := make([]any, len(j.Dups))
	for i, d := range j.Dups {
		dups[i] = value.EncodeLink(d)
	}
	out := map[string]any{"contentType": "ContractorMerge", "id": idText(j.ID), "status": j.Status,
		"contractor": value.EncodeLink(j.Kept), "duplicates": dups, "total": j.Total, "done": j.Done,
		"timeCreated": dateTime(j.CreatedAt)}
	if j.Error != "" {
		out["error"] = j.Error
	}
	return out
}

// Start runs a job in the background unless this process runs it.
func (m *Merges) Start(j *MergeJob) {
	m.jobs.start(j.ID, m.Log, "client merge", func(ctx context.Context) error { return m.Run(ctx, j.Account, j.Kept, j.ID) })
}

// Wait waits for the merges this process runs (tests, shutdown).
func (m *Merges) Wait() { m.jobs.wait() }

// Resume starts again, whole, the merges left running for ten minutes:
// their node stopped and their transaction was rolled back. A merge still
// at work elsewhere is not harmed: the second run waits on its rows, then
// finds the job ended and rolls back.
func (m *Merges) Resume(ctx context.Context, now time.Time) error {
	rows, err := m.Engine.DB.Q(ctx).QueryContext(ctx, m.Engine.DB.Dialect.Rebind(`SELECT account_id, id FROM crm_merges
		WHERE status = ? AND beat_at < ?`), MergeRunning, now.Add(-10*time.Minute).UnixMilli())
	if err != nil {
		return fmt.Errorf("crm: stale merges: %w", err)
	}
	defer rows.Close()
	list, err := stale(rows)
	if err != nil {
		return err
	}
	for _, p := range list {
		var kt string
		var ki int64
		if err := m.Engine.DB.Q(ctx).QueryRowContext(ctx, m.Engine.DB.Dialect.Rebind(`SELECT kept_type, kept_id FROM crm_merges WHERE id = ?`),
			p[1]).Scan(&kt, &ki); err != nil {
			return err
		}
		m.Start(&MergeJob{ID: p[1], Account: p[0], Kept: value.Link{Type: kt, ID: ki}})
	}
	return nil
}

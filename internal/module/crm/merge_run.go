package crm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Run merges a job's clients in one transaction that also ends the job;
// a refusal (a client gone, rights taken away meanwhile) fails the job
// with nothing merged and the clients' marks cleared.
func (m *Merges) Run(ctx context.Context, account int64, kept value.Link, id int64) error {
	sys := entity.Scope{Account: account, System: true}
	j, err := m.Latest(ctx, sys, kept)
	if err != nil || j.ID != id || j.Status != MergeRunning {
		return err
	}
	sc := entity.Scope{Account: account, Actor: value.Link{Type: "Employee", ID: j.Actor}}
	if m.Scope != nil {
		if err := m.Scope(ctx, &sc); err != nil {
			return err
		}
	}
	m.mu.Lock()
	if m.progress == nil {
		m.progress = map[int64]int64{}
	}
	m.progress[j.ID] = 0
	m.mu.Unlock()
	defer func() {
		m.mu.Lock()
		delete(m.progress, j.ID)
		m.mu.Unlock()
	}()
	last := time.Now()
	moved := func(n int64) {
		m.mu.Lock()
		m.progress[j.ID] += n
		j.Done = min(m.progress[j.ID], j.Total)
		m.mu.Unlock()
		if time.Since(last) >= progressEvery {
			last = time.Now()
			m.push(ctx, j) // ctx is outside the merge's transaction: sent now
		}
	}
	_, err = mergeClients(ctx, m.Engine, sc, j.Kept, j.Dups, moved, func(ctx context.Context) error {
		j.Status, j.Done = MergeDone, j.Total
		if err := m.mark(ctx, account, []value.Link{j.Kept}, false); err != nil {
			return err
		}
		return m.end(ctx, j)
	})
	if err == nil || errors.Is(err, errMergeEnded) {
		return nil
	}
	var inv *entity.Invalid
	if !errors.Is(err, entity.ErrNotFound) && !errors.Is(err, entity.ErrForbidden) && !errors.As(err, &inv) {
		return err // the database: left running, the resume job tries again
	}
	j.Status, j.Error = MergeFailed, err.Error()
	err = m.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := m.mark(ctx, account, append([]value.Link{j.Kept}, j.Dups...), false); err != nil {
			return err
		}
		return m.end(ctx, j)
	})
	if errors.Is(err, errMergeEnded) {
		return nil
	}
	return err
}

// errMergeEnded: another run (a resume on another node) ended the job
// first; this run's transaction is rolled back.
var errMergeEnded = errors.New("crm: merge job already ended")

// end writes the job's state, once, and tells the user after the commit.
func (m *Merges) end(ctx context.Context, j *MergeJob) error {
	now := m.Engine.Now().UnixMilli()
	res, err := m.Engine.DB.Q(ctx).ExecContext(ctx, m.Engine.DB.Dialect.Rebind(`UPDATE crm_merges SET status = ?, done = ?,
		error = ?, beat_at = ?, finished_at = ? WHERE id = ? AND status = ?`), j.Status, j.Done, j.Error, now, now, j.ID, MergeRunning)
	if err != nil {
		return fmt.Errorf("crm: merge job %d end: %w", j.ID, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return errMergeEnded
	}
	m.push(ctx, j)
	return nil
}

func (m *Merges) push(ctx context.Context, j *MergeJob) {
	if m.Push == nil {
		return
	}
	msg := j.Encode()
	raw, _ := json.Marshal(msg)
	_ = m.Push(ctx, j.Account, value.Link{Type: "Employee", ID: j.Actor}, "user:"+idText(j.Actor), json.RawMessage(raw))
}

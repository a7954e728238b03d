package staff

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// progressEvery bounds how often progress is written and pushed: often
// enough for a bar to move, rarely enough not to load the one writer.
const progressEvery = 500 * time.Millisecond

// Run hands the job's roles over, entity by entity, and writes its
// report. The roles are read afresh, so a resumed job does only what is
// left; what failed before is tried again.
func (js *Jobs) Run(ctx context.Context, account, id int64) error {
	j, err := js.Get(ctx, account, id)
	if err != nil {
		return err
	}
	if j.State != jobRunning {
		return nil
	}
	actor := value.Link{Type: "Employee", ID: j.Actor}
	// The initiator was an administrator; the job acts in their name (so
	// history shows who) without rights checks, which they passed.
	sc := entity.Scope{Account: account, Actor: actor, Admin: true, System: true}
	from := value.Link{Type: "Employee", ID: j.Employee}
	uses, err := Roles(ctx, js.Engine, sc, from)
	if err != nil {
		return err
	}
	rep := &Report{Moved: map[string]int{}, ByArea: map[string]int{}, Failures: []ReportFailure{}}
	if j.Report != nil { // resumed: keep what was moved before
		rep.Moved, rep.ByArea = j.Report.Moved, j.Report.ByArea
	}
	j.Total, j.Failed = j.Done+len(uses), 0
	last := time.Time{}
	for _, u := range uses {
		to, ok := j.Plan[areaOf(u.Type.Name)]
		if !ok {
			j.Total-- // nobody named for the area: the role stays
			continue
		}
		err := js.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
			return ReassignOne(ctx, js.Engine, sc, u, from, value.Link{Type: "Employee", ID: to})
		})
		if err != nil {
			j.Failed++
			rep.Failures = append(rep.Failures, ReportFailure{Type: u.Type.Name, ID: strconv.FormatInt(u.ID, 10), Error: err.Error()})
		} else {
			j.Done++
			rep.ByArea[areaOf(u.Type.Name)]++
			for _, f := range u.Fields() {
				rep.Moved[f]++
			}
		}
		if time.Since(last) >= progressEvery {
			last = time.Now()
			j.Report = rep
			if err := js.save(ctx, j, false); err != nil {
				return err
			}
		}
	}
	j.State, j.Report = jobDone, rep
	return js.save(ctx, j, true)
}

// save writes the job's progress (and, when final, its end) and tells
// the initiator over the live socket after the commit.
func (js *Jobs) save(ctx context.Context, j *FireJob, final bool) error {
	raw, err := json.Marshal(j.Report)
	if err != nil {
		return err
	}
	now := js.Engine.Now().UnixMilli()
	var finished any
	if final {
		finished = now
		j.Finished = &now
	}
	return js.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		err := js.exec(ctx, `UPDATE fire_jobs SET state = ?, total = ?, done = ?, failed = ?, report = ?,
			beat_at = ?, finished_at = ? WHERE account_id = ? AND id = ?`,
			j.State, j.Total, j.Done, j.Failed, string(raw), now, finished, j.Account, j.ID)
		if err != nil {
			return fmt.Errorf("staff: fire job %d progress: %w", j.ID, err)
		}
		if js.Push == nil {
			return nil
		}
		actor := value.Link{Type: "Employee", ID: j.Actor}
		msg := map[string]any{"contentType": "FireJob", "id": strconv.FormatInt(j.ID, 10), "state": j.State,
			"total": j.Total, "done": j.Done, "failed": j.Failed}
		// A lost progress message is harmless: the screen also polls.
		_ = js.Push(ctx, j.Account, actor, "user:"+strconv.FormatInt(j.Actor, 10), msg)
		return nil
	})
}

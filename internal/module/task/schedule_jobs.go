package task

import (
	"context"
	"log/slog"
	"time"

	"github.com/artel/artel/internal/entity"
)

// Periodic is what the module needs of the job runner (internal/jobs):
// a function to run every period, on one node at a time.
type Periodic interface {
	Periodic(name string, every time.Duration, fn func(ctx context.Context, now time.Time) error)
}

// Job names, as River stores them: keep them stable.
const (
	JobSchedules = "task_schedules"
	JobOverdue   = "task_overdue"
)

// RegisterJobs installs the module's background work: repeating
// templates and marking work overdue, each once a minute (schedules are
// minute-precise, and a deadline is at most a minute late to show).
func RegisterJobs(r Periodic, e *entity.Engine, log *slog.Logger) {
	r.Periodic(JobSchedules, time.Minute, func(ctx context.Context, now time.Time) error {
		return RunDueSchedules(ctx, e, now, log)
	})
	r.Periodic(JobOverdue, time.Minute, func(ctx context.Context, now time.Time) error {
		n, err := MarkOverdue(ctx, e, now)
		if n > 0 {
			log.Info("marked overdue", "count", n)
		}
		return err
	})
}

package app

import (
	"context"
	"time"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/jobs"
	"github.com/artel/artel/internal/module/task"
)

// Jobs makes the background job runner of a built server, River's schema
// migrated and every module's periodic work registered; the caller
// starts it once the server is ready and stops it at shutdown. It is
// apart from Build so the API tests, which drive time themselves, run
// no timers unless they ask for them.
func Jobs(ctx context.Context, srv *api.Server) (*jobs.Runner, error) {
	r, err := jobs.New(ctx, srv.DB, jobs.Config{Log: srv.Log, Metrics: srv.Metrics,
		// The engine's clock, read at each run: a test that sets it sets
		// the jobs' too.
		Now: func() time.Time { return srv.Engine.Now() }})
	if err != nil {
		return nil, err
	}
	task.RegisterJobs(r, srv.Engine, srv.Log)
	for _, t := range srv.Tickers {
		if t.EachNode {
			r.Every(t.Name, t.Every, t.Run)
		} else {
			r.Periodic(t.Name, t.Every, t.Run)
		}
	}
	return r, nil
}

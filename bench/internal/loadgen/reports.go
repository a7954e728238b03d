package loadgen

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
)

// The reports (docs/report.md): the sales funnel of the generated sales
// process and task effectiveness per employee, each one grouped query
// over every deal or task the reader sees.

var taskEffectiveness = "/api/v3/report/taskEffectiveness"

var (
	funnelOnce sync.Once
	funnelPath string
	funnelErr  error
)

// funnel is the funnel's address, for the account's first program.
func (a *API) funnel(ctx context.Context) (string, error) {
	funnelOnce.Do(func() {
		body, err := a.C.Do(ctx, "GET", "/api/v3/program"+Q(map[string]any{"limit": 1}), nil)
		if err != nil {
			funnelErr = err
			return
		}
		var page struct {
			Data []struct {
				ID string `json:"id"`
			} `json:"data"`
		}
		if err := json.Unmarshal(body, &page); err != nil || len(page.Data) == 0 {
			funnelErr = errors.New("loadgen: no sales program in the account")
			return
		}
		funnelPath = "/api/v3/report/salesFunnel" + Q(map[string]any{"program": page.Data[0].ID})
	})
	return funnelPath, funnelErr
}

// ReportFunnel is the sales funnel as the administrator: every deal.
func (a *API) ReportFunnel(ctx context.Context, w *Worker) error {
	path, err := a.funnel(ctx)
	if err != nil {
		return err
	}
	return a.get(ctx, path)
}

// ReportFunnelEmployee is the sales funnel as an employee.
func (a *API) ReportFunnelEmployee(ctx context.Context, w *Worker) error {
	if a.Employee == nil {
		return errors.New("no employee signed in")
	}
	path, err := a.funnel(ctx)
	if err != nil {
		return err
	}
	_, err = a.Employee.Do(ctx, "GET", path, nil)
	return err
}

// ReportTasks is task effectiveness as the administrator: every task.
func (a *API) ReportTasks(ctx context.Context, w *Worker) error { return a.get(ctx, taskEffectiveness) }

// ReportTasksEmployee is task effectiveness as an employee, over the
// tasks their roles name.
func (a *API) ReportTasksEmployee(ctx context.Context, w *Worker) error {
	if a.Employee == nil {
		return errors.New("no employee signed in")
	}
	_, err := a.Employee.Do(ctx, "GET", taskEffectiveness, nil)
	return err
}

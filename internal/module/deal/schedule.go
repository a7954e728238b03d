package deal

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/artel/artel/internal/entity"
)

// JobSchedule is the periodic job that runs schedule triggers.
const JobSchedule = "deal-schedule"

// scheduleBatch is how many deals a run reads at a time.
const scheduleBatch = 200

// RunSchedules runs every schedule trigger on the deals in its states
// whose rule holds now, once per deal per stay in the state: the window
// is the deal's stateTimeUpdated, claimed in deal_trigger_runs in the
// run's transaction, so two nodes (or two ticks) never both run it. A
// rule with "N days in the state" (a DateFieldRule on stateTimeUpdated
// before today − N, alone or in a top AndRule) is asked of the database,
// so only the deals past it are read. It answers how many runs it made.
func (m *Module) RunSchedules(ctx context.Context, now time.Time) (int, error) {
	type prog struct{ account, program int64 }
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, `SELECT DISTINCT account_id, c_program_i FROM e_programtrigger
		WHERE c_type = 'schedule' AND c_program_t = 'Program'`)
	if err != nil {
		return 0, fmt.Errorf("deal: schedule triggers: %w", err)
	}
	var progs []prog
	for rows.Next() {
		var p prog
		if err := rows.Scan(&p.account, &p.program); err != nil {
			rows.Close()
			return 0, fmt.Errorf("deal: schedule triggers: %w", err)
		}
		progs = append(progs, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("deal: schedule triggers: %w", err)
	}
	ran := 0
	for _, p := range progs {
		proc, err := LoadProcess(ctx, m.e, p.account, p.program)
		if err != nil {
			return ran, err
		}
		for i := range proc.Triggers {
			if tr := &proc.Triggers[i]; tr.Type == TriggerSchedule && len(tr.States) > 0 {
				n, err := m.schedule(ctx, p.account, tr, now)
				ran += n
				if err != nil {
					return ran, err
				}
			}
		}
	}
	return ran, nil
}

// schedule runs one schedule trigger on the deals due for it.
func (m *Module) schedule(ctx context.Context, account int64, tr *Trigger, now time.Time) (int, error) {
	sys := entity.Scope{Account: account, System: true}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(tr.States)), ",")
	q := `SELECT d.id FROM e_deal d WHERE d.account_id = ? AND d.c_state_t = 'ProgramState' AND d.c_state_i IN (` + marks + `)
		AND NOT EXISTS (SELECT 1 FROM deal_trigger_runs r WHERE r.account_id = d.account_id AND r.trigger_id = ?
			AND r.deal_id = d.id AND r.window_at = COALESCE(d.c_statetimeupdated, 0)) AND d.id > ?`
	args := []any{account}
	for _, s := range tr.States {
		args = append(args, s)
	}
	args = append(args, tr.ID)
	if cut, ok := stateCutoff(tr.Rule, now); ok {
		q += ` AND d.c_statetimeupdated < ` + fmt.Sprint(cut)
	}
	q = m.e.DB.Dialect.Rebind(q + ` ORDER BY d.id LIMIT ` + fmt.Sprint(scheduleBatch))
	ran := 0
	var after int64
	for {
		ids, err := m.dealIDs(ctx, q, append(args, after)...)
		if err != nil || len(ids) == 0 {
			return ran, err
		}
		after = ids[len(ids)-1]
		recs, err := m.e.GetMany(ctx, sys, "Deal", ids)
		if err != nil {
			return ran, err
		}
		for _, rec := range recs {
			sc := runner(account, rec)
			if ok, err := m.judge(ctx, sc, rec, tr.Rule, nil); err != nil || !ok {
				if err != nil {
					return ran, err
				}
				continue
			}
			did, err := m.scheduled(ctx, sc, rec.ID, tr)
			var failed *actionFailed
			if err != nil && !errors.As(err, &failed) {
				return ran, err
			}
			if did {
				ran++
			}
		}
	}
}

// scheduled runs a schedule trigger on one deal in its own transaction,
// after claiming the deal's current stay; false when another run has it
// or the deal has moved since it was read. A run whose action fails is
// logged as failed and still claimed: it is not retried every minute.
func (m *Module) scheduled(ctx context.Context, sc entity.Scope, deal int64, tr *Trigger) (bool, error) {
	did := false
	err := m.occasion(ctx, sc, deal, func(ctx context.Context) error {
		rec, err := m.lockedDeal(ctx, entity.Scope{Account: sc.Account, System: true}, deal)
		if err != nil {
			return err
		}
		if !tr.In(rec.Links["state"].ID) {
			return nil
		}
		window, _ := rec.Values["stateTimeUpdated"].(int64)
		res, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`INSERT INTO deal_trigger_runs
			(account_id, trigger_id, deal_id, window_at, ran_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`),
			sc.Account, tr.ID, deal, window, m.e.Now().UnixMilli())
		if err != nil {
			return fmt.Errorf("deal: claim schedule run: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		did = true
		return m.run(ctx, sc, deal, tr)
	})
	var failed *actionFailed
	if errors.As(err, &failed) {
		// Claim the stay apart, as the failed run's log was written.
		window := int64(0)
		if rec, gerr := m.e.Get(ctx, entity.Scope{Account: sc.Account, System: true}, "Deal", deal); gerr == nil {
			window, _ = rec.Values["stateTimeUpdated"].(int64)
		}
		if cerr := m.e.DB.Exec(ctx, `INSERT INTO deal_trigger_runs (account_id, trigger_id, deal_id, window_at, ran_at)
			VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, sc.Account, tr.ID, deal, window, m.e.Now().UnixMilli()); cerr != nil {
			return did, cerr
		}
	}
	return did, err
}

// runner is whom a schedule run acts for: the deal's manager when an
// employee (the one a reminder is for; the trigger's comments are theirs),
// else the system.
func runner(account int64, rec *entity.Record) entity.Scope {
	sc := entity.Scope{Account: account, System: true}
	if mgr, ok := rec.Links["manager"]; ok && mgr.Type == "Employee" {
		sc.Actor = mgr
	}
	return sc
}

func (m *Module) dealIDs(ctx context.Context, q string, args ...any) ([]int64, error) {
	rows, err := m.e.DB.Q(ctx).QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("deal: schedule deals: %w", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("deal: schedule deals: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// stateCutoff is the instant (ms) a deal must have entered its state
// before for the rule to hold, when the rule says so plainly: a
// DateFieldRule on stateTimeUpdated, smaller or smaller_or_equal than
// today plus a shift, alone or among the children of a top AndRule.
func stateCutoff(n node, now time.Time) (int64, bool) {
	if g, ok := n.(*groupNode); ok && g.all {
		for _, c := range g.children {
			if cut, ok := stateCutoff(c, now); ok {
				return cut, true
			}
		}
		return 0, false
	}
	f, ok := n.(*fieldNode)
	if !ok || f.field != "stateTimeUpdated" || f.lo == nil || !f.lo.today || (f.cmp != "smaller" && f.cmp != "smaller_or_equal") {
		return 0, false
	}
	day := int64(f.lo.at(now))
	if f.cmp == "smaller_or_equal" {
		day++
	}
	return day * 86400 * 1000, true
}

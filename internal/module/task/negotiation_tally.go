package task

import (
	"context"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Negotiation tallies: a version's status and the task's visa counts and
// decision are derived from the visas, and rewritten in the transaction
// that changes a visa, a version or an item, so readers never see them
// disagree.

// registerNegotiation keeps the tally when a task's approvers change by a
// plain edit: who is expected decides the counts and the decision.
func registerNegotiation(e *entity.Engine) {
	e.NeedFields("NegotiationItem", "task", "actualVersion")
	e.Hook("Task", entity.Hooks{AfterSave: func(ctx context.Context, c *entity.Change, rec *entity.Record) error {
		_, named := c.Many["negotiationExecutors"]
		_, executors := c.Many["executors"]
		if c.New || !(named || executors) {
			return nil
		}
		tally, err := retally(ctx, e, c.Scope, c.ID)
		// The answer to this edit shows the tally it caused.
		for f, v := range tally {
			rec.Values[f] = v
		}
		return err
	}})
}

// Version and visa statuses (the reference's enum).
const (
	VisaOK       = "ok"
	VisaBad      = "bad"
	VisaNotRated = "not_rated"
)

// approvers are the people whose visas a negotiation task waits for:
// negotiationExecutors when the task names any, else its executors. The
// responsible is left out: they present the items and wait for the
// decision, they do not judge their own proposal. Only employees give
// visas, and a group named there does not make its members approvers
// (as with executors in the status table).
func approvers(ctx context.Context, e *entity.Engine, account int64, task value.Link) ([]value.Link, error) {
	for _, field := range []string{"negotiationExecutors", "executors"} {
		ids, err := idsWhere(ctx, e, `SELECT dst_id FROM links WHERE account_id = ? AND src_type = ?
			AND src_id = ? AND field = ? AND dst_type = 'Employee' ORDER BY dst_id`, account, task.Type, task.ID, field)
		if err != nil {
			return nil, fmt.Errorf("task: negotiation approvers: %w", err)
		}
		if len(ids) > 0 {
			out := make([]value.Link, len(ids))
			for i, id := range ids {
				out[i] = value.Link{Type: "Employee", ID: id}
			}
			return out, nil
		}
	}
	return nil, nil
}

// isApprover reports whether who is among the expected people.
func isApprover(list []value.Link, who value.Link) bool {
	for _, l := range list {
		if l == who {
			return true
		}
	}
	return false
}

// children are the ids of the records of typ whose link field names parent.
func children(ctx context.Context, e *entity.Engine, account int64, typ, field string, parent value.Link) ([]int64, error) {
	t, err := e.Type(typ)
	if err != nil {
		return nil, err
	}
	col := t.Field(field).Column
	return idsWhere(ctx, e, fmt.Sprintf("SELECT id FROM %s WHERE account_id = ? AND %s_t = ? AND %s_i = ? ORDER BY id",
		t.Table, col, col), account, parent.Type, parent.ID)
}

// retally recomputes the statuses of the actual versions of the task's
// items and the task's counts and decision, saving only what changed,
// and returns the task's tally fields.
func retally(ctx context.Context, e *entity.Engine, sc entity.Scope, taskID int64) (map[string]any, error) {
	sys := sc
	sys.System = true
	task := value.Link{Type: "Task", ID: taskID}
	expected, err := approvers(ctx, e, sc.Account, task)
	if err != nil {
		return nil, err
	}
	items, err := children(ctx, e, sc.Account, "NegotiationItem", "task", task)
	if err != nil {
		return nil, err
	}
	var okCount, badCount int64
	allOK, anyBad := len(items) > 0, false
	for _, id := range items {
		item, err := e.Get(ctx, sys, "NegotiationItem", id)
		if err != nil {
			return nil, err
		}
		status := VisaNotRated
		if v, has := item.Links["actualVersion"]; has {
			var ok, bad int64
			if status, ok, bad, err = rateVersion(ctx, e, sys, v.ID, expected); err != nil {
				return nil, err
			}
			okCount, badCount = okCount+ok, badCount+bad
		}
		allOK = allOK && status == VisaOK
		anyBad = anyBad || status == VisaBad
	}
	var decision any
	switch {
	case anyBad:
		decision = int64(0)
	case allOK:
		decision = int64(1)
	}
	rec, err := e.Get(ctx, sys, "Task", taskID)
	if err != nil {
		return nil, err
	}
	c := entity.NewChange(sys, rec.Type, rec)
	want := map[string]any{"visaOkCount": okCount, "visaBadCount": badCount,
		"shouldVisasCount": int64(len(expected) * len(items)), "decision": decision}
	for f, v := range want {
		if rec.Values[f] != v {
			c.Values[f] = v
		}
	}
	if len(c.Values) == 0 {
		return want, nil
	}
	_, err = e.Save(asMachine(ctx), c)
	return want, err
}

// rateVersion sets one version's status from the expected people's visas
// (ok when all of them approve, bad when any rejects) and returns it with
// the counts of their ok and bad visas. Visas of people no longer
// expected stay on record but count for nothing.
func rateVersion(ctx context.Context, e *entity.Engine, sys entity.Scope, versionID int64, expected []value.Link) (string, int64, int64, error) {
	visas, err := children(ctx, e, sys.Account, "NegotiationVisa", "version", value.Link{Type: "NegotiationItemVersion", ID: versionID})
	if err != nil {
		return "", 0, 0, err
	}
	recs, err := e.GetMany(ctx, sys, "NegotiationVisa", visas)
	if err != nil {
		return "", 0, 0, err
	}
	var ok, bad int64
	for _, v := range recs {
		if !isApprover(expected, v.Links["userCreated"]) {
			continue
		}
		switch v.String("status") {
		case VisaOK:
			ok++
		case VisaBad:
			bad++
		}
	}
	status := VisaNotRated
	switch {
	case bad > 0:
		status = VisaBad
	case len(expected) > 0 && ok == int64(len(expected)):
		status = VisaOK
	}
	ver, err := e.Get(ctx, sys, "NegotiationItemVersion", versionID)
	if err != nil {
		return "", 0, 0, err
	}
	if ver.String("status") != status {
		c := entity.NewChange(sys, ver.Type, ver)
		c.Values["status"] = status
		if _, err := e.Save(ctx, c); err != nil {
			return "", 0, 0, err
		}
	}
	return status, ok, bad, nil
}

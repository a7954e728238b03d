package task

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// machineKey marks a context whose saves are the machine's own (doAction,
// deadline answers, convert): only those may write the status.
type machineKey struct{}

func asMachine(ctx context.Context) context.Context {
	return context.WithValue(ctx, machineKey{}, true)
}

func isMachine(ctx context.Context) bool { return ctx.Value(machineKey{}) != nil }

// maintained are the fields the machine keeps; a client's plain write of
// them is ignored, as the engine ignores other server-kept fields, since
// clients often send back a whole entity they read.
var maintained = []string{"statusChangeTime", "actualStart", "actualFinish", "isOverdue", "activity"}

// closed statuses end the work: they set actualFinish and are never overdue.
var closed = []string{Done, Completed, Cancelled, Expired}

// beforeSave is the hook on every Task and Project write, API, bulk, demo
// and module saves alike.
func beforeSave(e *entity.Engine) func(ctx context.Context, c *entity.Change) error {
	return func(ctx context.Context, c *entity.Change) error {
		now := e.Now()
		machine := isMachine(ctx)
		if !machine && !c.Scope.System {
			for _, f := range maintained {
				delete(c.Values, f)
			}
			// Only the machine names the pending deadline request.
			delete(c.Links, "deadlineChangeRequest")
			if err := keepStatus(c); err != nil {
				return err
			}
		}
		switch {
		case c.New:
			start(c, now)
		case !machine:
			assignOnEdit(c, now)
		}
		if _, given := c.Values["activity"]; !given || machine {
			c.Values["activity"] = now.UnixMilli()
		}
		setOverdue(c, now)
		setKPI(c)
		return nil
	}
}

// keepStatus refuses a plain update that changes the status: transitions
// go through doAction, so a client learns at once instead of seeing its
// change vanish. Sending the current status back is fine.
func keepStatus(c *entity.Change) error {
	v, given := c.Values["status"]
	if !given || c.New {
		return nil
	}
	if v != nil && v == c.Old.Values["status"] {
		delete(c.Values, "status")
		return nil
	}
	return entity.Invalidf("status", entity.CodeReadOnly, "")
}

// start fills a new record's status (a given one is kept: imports, the
// demo, copies and clients restoring a task name where it stands) and the
// timestamps that status implies.
func start(c *entity.Change, now time.Time) {
	status, _ := c.Values["status"].(string)
	if status == "" {
		status = initial(c.Type.Name, linksAfter(c), c.Values["isTemplate"])
		c.Values["status"] = status
	}
	fill := func(field string) {
		if _, given := c.Values[field]; !given {
			c.Values[field] = now.UnixMilli()
		}
	}
	fill("statusChangeTime")
	if status == Accepted {
		fill("actualStart")
	}
	if slices.Contains(closed, status) {
		fill("actualFinish")
	}
}

// assignOnEdit: a created task that a plain edit gives a responsible is
// set for them (accepted when it is the owner), as if delegated. Other
// responsible changes leave the status alone; act_delegate re-assigns.
func assignOnEdit(c *entity.Change, now time.Time) {
	if c.Type.Name != "Task" || c.Old.String("status") != Created {
		return
	}
	if l, given := c.Links["responsible"]; !given || l == nil {
		return
	}
	if _, given := c.Values["status"]; given {
		return
	}
	to := initial("Task", linksAfter(c), nil)
	c.Values["status"] = to
	c.Values["statusChangeTime"] = now.UnixMilli()
	if to == Accepted {
		c.Values["actualStart"] = now.UnixMilli()
	}
}

// linksAfter is the record's single links as the change leaves them.
func linksAfter(c *entity.Change) map[string]value.Link {
	out := map[string]value.Link{}
	if c.Old != nil {
		for k, l := range c.Old.Links {
			out[k] = l
		}
	}
	for k, l := range c.Links {
		if l == nil {
			delete(out, k)
		} else {
			out[k] = *l
		}
	}
	return out
}

// setOverdue keeps isOverdue in step with the deadline and status on every
// save; work that turns late untouched is marked by MarkOverdue (overdue.go).
func setOverdue(c *entity.Change, now time.Time) {
	status, _ := c.ValueAfter("status").(string)
	over := IsOverdue(c.ValueAfter("deadline"), status, now)
	v := int64(0)
	if over {
		v = 1
	}
	if c.New || c.Old.Values["isOverdue"] != v {
		c.Values["isOverdue"] = v
	}
}

// IsOverdue: the deadline has passed and the work is still open. A
// DateOnly deadline lasts to the end of its day (UTC: accounts carry no
// time zone yet); a ShiftDate is relative to something else and never
// makes a task overdue by itself. Templates are never overdue.
func IsOverdue(deadline any, status string, now time.Time) bool {
	s, ok := deadline.(string)
	if !ok || status == Template || slices.Contains(closed, status) {
		return false
	}
	var d struct {
		T string          `json:"t"`
		V json.RawMessage `json:"v"`
	}
	if json.Unmarshal([]byte(s), &d) != nil {
		return false
	}
	switch d.T {
	case "DateOnly":
		var day string
		if json.Unmarshal(d.V, &day) != nil {
			return false
		}
		t, err := time.Parse(time.DateOnly, day)
		return err == nil && !now.Before(t.AddDate(0, 0, 1))
	case "DateTime":
		var ms int64
		if json.Unmarshal(d.V, &ms) != nil {
			return false
		}
		return now.UnixMilli() > ms
	}
	return false
}

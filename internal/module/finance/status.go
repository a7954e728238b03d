package finance

import (
	"context"
	"slices"

	"github.com/artel/artel/internal/entity"
)

// The reference's Invoice status values.
const (
	Created  = "created"
	Drawn    = "drawn"
	Paid     = "paid"
	Rejected = "rejected"
)

// next are the statuses an invoice may move to from each status
// (docs/finance.md, "Statuses"). A payment may be cancelled (paid back to
// drawn); a rejected invoice is revived as created.
var next = map[string][]string{
	Created:  {Drawn, Paid, Rejected},
	Drawn:    {Created, Paid, Rejected},
	Paid:     {Drawn},
	Rejected: {Created},
}

// statusOf is a record's status; an unset one counts as created.
func statusOf(values map[string]any) string {
	if s, ok := values["status"].(string); ok && s != "" {
		return s
	}
	return Created
}

// moveStatus checks a change of status and keeps actualPaymentDate with
// it: set when an invoice is paid (unless given), cleared when a payment
// is cancelled.
func (m *Module) moveStatus(c *entity.Change) error {
	from := Created
	if c.Old != nil {
		from = statusOf(c.Old.Values)
	}
	to, given := c.Values["status"].(string)
	if !given || to == "" {
		if c.New {
			c.Values["status"] = Created
		} else {
			delete(c.Values, "status")
		}
		return nil
	}
	if to == from {
		return nil
	}
	if !slices.Contains(next[from], to) {
		return entity.Invalidf("status", CodeStatusNotPossible, to)
	}
	switch {
	case to == Paid:
		if c.Values["actualPaymentDate"] == nil {
			c.Values["actualPaymentDate"] = m.e.Now().UnixMilli()
		}
	case from == Paid:
		c.Values["actualPaymentDate"] = nil
	}
	return nil
}

// fillPossible is an invoice's possibleStatuses: those it may move to.
func fillPossible(_ context.Context, _ entity.Scope, recs []*entity.Record, want map[string]bool) error {
	for _, rec := range recs {
		items := next[statusOf(rec.Values)]
		if want["possibleStatuses"] {
			rec.SetComputed("possibleStatuses", items)
		}
		if want["possibleStatusesCount"] {
			rec.SetComputed("possibleStatusesCount", len(items))
		}
	}
	return nil
}

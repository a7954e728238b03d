package task

import (
	"math"

	"github.com/artel/artel/internal/entity"
)

// setKPI keeps kpiPercentage: how far kpiActual has gone from kpiStart
// towards kpiPlanned, in percent, rounded to two decimals. It is nil while
// the plan is missing or equals the start (no distance to cover). A
// client's own kpiPercentage is never kept: the figures decide it.
func setKPI(c *entity.Change) {
	delete(c.Values, "kpiPercentage")
	_, a := c.Values["kpiStart"]
	_, b := c.Values["kpiPlanned"]
	_, d := c.Values["kpiActual"]
	if !a && !b && !d && !c.New {
		return
	}
	start, okS := number(c.ValueAfter("kpiStart"))
	planned, okP := number(c.ValueAfter("kpiPlanned"))
	actual, okA := number(c.ValueAfter("kpiActual"))
	if !okP || !okA || planned == start {
		c.Values["kpiPercentage"] = nil
		return
	}
	if !okS {
		start = 0
	}
	c.Values["kpiPercentage"] = math.Round((actual-start)/(planned-start)*10000) / 100
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case int64:
		return float64(n), true
	}
	return 0, false
}

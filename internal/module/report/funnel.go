package report

import (
	"context"
	"database/sql"
	"fmt"
	"math"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/reportkeep"
	"github.com/artel/artel/internal/value"
)

// Step is one state of a sales funnel.
type Step struct {
	State      map[string]any `json:"state"`
	Type       string         `json:"type"`
	Count      int64          `json:"count"`
	Sum        map[string]any `json:"sum"`
	Reached    int64          `json:"reached"`
	ReachedSum map[string]any `json:"reachedSum"`
	Conversion float64        `json:"conversion"`
}

// Funnel is the sales funnel of one program (docs/report.md): per state,
// in the process's order, the deals in it now and the deals that ever
// entered it (the deals' status history), with the conversion from the
// step before. A negative state (a loss) is no step of the funnel: its
// conversion is the share of the deals that entered the first state.
// A reader who sees every deal and gives no filter reads the lines kept
// per state (internal/reportkeep); any other counts them from the deals.
func (m *Module) Funnel(ctx context.Context, sc entity.Scope, program int64, filter []byte, opt value.Options) ([]Step, error) {
	st := m.e.Cat.Type("ProgramState")
	var steps []Step
	index := map[int64]int{}
	err := m.query(ctx, fmt.Sprintf("SELECT id, COALESCE(%s, ''), COALESCE(%s, '') FROM %s WHERE account_id = ? AND %s_i = ? ORDER BY id",
		st.Field("name").Column, st.Field("type").Column, st.Table, st.Field("program").Column), []any{sc.Account, program},
		func(r *sql.Rows) error {
			var id int64
			var name, typ string
			if err := r.Scan(&id, &name, &typ); err != nil {
				return err
			}
			if typ == "" {
				typ = "active"
			}
			index[id] = len(steps)
			steps = append(steps, Step{State: link("ProgramState", id, name), Type: typ})
			return nil
		})
	if err != nil || len(steps) == 0 {
		return steps, err
	}
	var now, reached map[int64]reportkeep.Line
	if all, err := m.seesAll(ctx, sc, "Deal", filter); err != nil {
		return nil, err
	} else if all {
		now, reached, err = reportkeep.Funnel(ctx, m.e.DB, sc.Account, program)
		if err != nil {
			return nil, err
		}
	} else if now, reached, err = m.funnelGrouped(ctx, sc, program, filter, opt); err != nil {
		return nil, err
	}
	for id, i := range index {
		steps[i].Count, steps[i].Reached = now[id].N, reached[id].N
		steps[i].Sum, steps[i].ReachedSum = money(now[id].Sum), money(reached[id].Sum)
	}
	var first, prev int64 = -1, -1
	for i := range steps {
		if steps[i].Type == "negative" {
			steps[i].Conversion = percent(steps[i].Reached, first)
			continue
		}
		if first < 0 {
			first, steps[i].Conversion = steps[i].Reached, percent(steps[i].Reached, steps[i].Reached)
		} else {
			steps[i].Conversion = percent(steps[i].Reached, prev)
		}
		prev = steps[i].Reached
	}
	return steps, nil
}

// funnelGrouped is the funnel's lines per state counted from the deals
// the reader sees and their history: the deals in each state now, and
// those that ever entered it.
func (m *Module) funnelGrouped(ctx context.Context, sc entity.Scope, program int64, filter []byte, opt value.Options) (now, reached map[int64]reportkeep.Line, err error) {
	cond, err := m.where(ctx, sc, "Deal", filter, opt)
	if err != nil {
		return nil, nil, err
	}
	d := m.e.Cat.Type("Deal")
	price := d.Table + "." + d.Field("price").SortColumn()
	inProgram := fmt.Sprintf(" AND %s.%s_i = ?", d.Table, d.Field("program").Column)
	args := append(append([]any{}, cond.Args...), program)
	now, reached = map[int64]reportkeep.Line{}, map[int64]reportkeep.Line{}
	// The deals in each state now.
	// Grouped in the order of the (program, state, price) index, which
	// then answers alone.
	q := fmt.Sprintf(`SELECT %[1]s.%[2]s_i, COUNT(*), COALESCE(SUM(%[3]s), 0) FROM %[1]s WHERE %[4]s%[5]s
		GROUP BY %[1]s.%[6]s_i, %[1]s.%[6]s_t, %[1]s.%[2]s_i, %[1]s.%[2]s_t`,
		d.Table, d.Field("state").Column, price, cond.SQL, inProgram, d.Field("program").Column)
	err = m.query(ctx, q, args, func(r *sql.Rows) error {
		var state sql.NullInt64
		var l reportkeep.Line
		if err := r.Scan(&state, &l.N, &l.Sum); err != nil {
			return err
		}
		if state.Valid {
			now[state.Int64] = l
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	// The deals that ever entered each state, each deal once per state
	// (DISTINCT: measured faster than testing for an earlier entry). The
	// deals come first (CROSS JOIN keeps SQLite to that order), from the
	// same index, then each one's rows of the history's index.
	q = fmt.Sprintf(`SELECT to_state, COUNT(*), COALESCE(SUM(p), 0) FROM (SELECT DISTINCT h.to_state, %[1]s.id, %[2]s AS p
		FROM %[1]s CROSS JOIN deal_status_history h
		WHERE h.account_id = %[1]s.account_id AND h.deal_id = %[1]s.id AND %[3]s%[4]s) x GROUP BY to_state`, d.Table, price, cond.SQL, inProgram)
	err = m.query(ctx, q, args, func(r *sql.Rows) error {
		var state int64
		var l reportkeep.Line
		if err := r.Scan(&state, &l.N, &l.Sum); err != nil {
			return err
		}
		reached[state] = l
		return nil
	})
	return now, reached, err
}

// percent is part of whole in percent to two decimals; 0 of nothing.
func percent(part, whole int64) float64 {
	if whole <= 0 {
		return 0
	}
	return math.Round(float64(part)*10000/float64(whole)) / 100
}

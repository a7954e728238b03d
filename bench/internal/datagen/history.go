package datagen

import (
	"fmt"
	"strings"

	"github.com/artel/artel/internal/store"
)

// dealHistory gives every deal the status history of the way it came:
// a deal in an active or won stage went through every earlier stage that
// is not a loss; a lost deal went through the first stage. The sales
// funnel (internal/module/report) counts who reached each stage from
// these rows. One INSERT … SELECT per stage; the engine writer's deals
// already have the row of their own stage (the deal rules write it).
func (g *generator) dealHistory() error {
	p := g.p
	if len(p.stages) != len(stageNames) {
		return nil
	}
	d := g.cat.Type("Deal")
	state, manager, created := d.Field("state").Column+"_i", d.Field("manager").Column+"_i", d.Field("timeCreated").Column
	var db *store.DB
	ew, engine := g.w.(*engineWriter)
	if engine {
		db = ew.e.DB
	} else if bw, ok := g.w.(*bulkWriter); ok {
		db = bw.db
	} else {
		return nil
	}
	for j, s := range stageNames {
		var reached []string
		for k, t := range stageNames {
			switch {
			case s.typ == "negative" || s.typ == "positive":
				if k == j {
					reached = append(reached, fmt.Sprint(p.stages[k].ID))
				}
			case t.typ != "negative" && k >= j, t.typ == "negative" && j == 0:
				reached = append(reached, fmt.Sprint(p.stages[k].ID))
			}
		}
		q := fmt.Sprintf(`INSERT INTO deal_status_history (account_id, deal_id, from_state, to_state, user_type, user_id, created_at)
			SELECT account_id, id, NULL, %d, 'Employee', %s, %s FROM %s WHERE account_id = ? AND %s IN (%s)`,
			p.stages[j].ID, manager, created, d.Table, state, strings.Join(reached, ", "))
		if engine {
			q += fmt.Sprintf(" AND %s <> %d", state, p.stages[j].ID)
		}
		if err := db.Exec(g.ctx, q, g.res.Account); err != nil {
			return fmt.Errorf("datagen: deal history: %w", err)
		}
	}
	return nil
}

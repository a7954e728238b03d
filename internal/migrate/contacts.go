package migrate

import (
	"context"
	"fmt"
	"strings"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/store"
)

// ActiveTaskStatuses are the task list's "actual" statuses
// (task.ActiveStatuses; a test in internal/module/crm keeps the two the
// same): this package is below the modules.
var ActiveTaskStatuses = []string{"created", "assigned", "accepted", "delayed", "overdue", "rejected"}

// FillContacts computes the contact fields and task counts
// internal/module/crm keeps (upkeep.go) for every client at once: the same rules as one SQL update
// per client type. It runs once on the upgrade that began keeping them,
// and after a bulk load that wrote rows past the rules (the bench data
// generator). A database without the entity tables yet (a new one) has
// nothing to fill.
func FillContacts(ctx context.Context, db *store.DB, cat *catalog.Catalog) error {
	todo, deal := cat.Type("Todo"), cat.Type("Deal")
	for _, t := range []*catalog.Type{todo, deal, cat.Type("ContractorHuman"), cat.Type("ContractorCompany")} {
		have, err := existingColumns(ctx, db, t.Table)
		if err != nil || len(have) == 0 {
			return err
		}
	}
	tc := func(f string) string { return "t." + todo.Field(f).Column }
	start, finished := "t."+todo.Field("when").SortColumn(), tc("timeFinished")
	held := fmt.Sprintf("%s IS NOT NULL AND COALESCE(%s, '') <> 'fail'", finished, db.Dialect.JSONText(tc("status"), "masterType"))
	dayOf := "json_extract(t." + todo.Field("when").Column + ", '$.v.from')"
	if db.Dialect == store.Postgres {
		dayOf = "(t." + todo.Field("when").Column + "::jsonb->'v'->>'from')"
	}
	for _, name := range []string{"ContractorHuman", "ContractorCompany"} {
		c := cat.Type(name)
		cc := func(f string) string { return c.Field(f).Column }
		todos := fmt.Sprintf(`FROM links l JOIN %s t ON t.account_id = l.account_id AND t.id = l.src_id
			WHERE l.account_id = %s.account_id AND l.dst_type = '%s' AND l.dst_id = %s.id AND l.field = 'relations'
			AND l.src_type = 'Todo' AND COALESCE(%s, 0) = 0 AND COALESCE(%s, 0) = 0`,
			todo.Table, c.Table, name, c.Table, tc("isDropped"), tc("isTemplate"))
		next := fmt.Sprintf("(SELECT t.id %s AND %s IS NULL AND %s IS NOT NULL ORDER BY %s, t.id LIMIT 1)", todos, finished, start, start)
		ct := deal.Field("contractor").Column
		stmts := []string{
			// MAX(+…): SQLite would walk every deal by its timeCreated
			// index otherwise (crm upkeep.go lastDeal).
			fmt.Sprintf(`UPDATE %s SET %s = (SELECT COUNT(*) %s AND %s IS NULL), %s = (SELECT COUNT(*) %s AND %s),
				%s = (SELECT MAX(%s) %s AND %s), %s = %s,
				%s = (SELECT MAX(+d.%s) FROM %s d WHERE d.account_id = %s.account_id AND d.%s_t = '%s' AND d.%s_i = %s.id)`,
				c.Table, cc("countScheduledCommunications"), todos, finished, cc("countCommunications"), todos, held,
				c.Field("lastCommunicationDate").SortColumn(), finished, todos, held, cc("nextCommunication")+"_i", next,
				cc("lastDealDate"), deal.Field("timeCreated").Column, deal.Table, c.Table, ct, name, ct, c.Table),
			// The stored forms of the DateUnion values (value.DateUnion):
			// a day's text, an instant's milliseconds.
			fmt.Sprintf(`UPDATE %[1]s SET %[2]s_t = CASE WHEN %[2]s_i IS NULL THEN NULL ELSE 'Todo' END,
				%[3]s = CASE WHEN %[4]s IS NULL THEN NULL ELSE '{"t":"DateTime","v":' || %[4]s || '}' END,
				%[5]s = (SELECT %[6]s FROM %[7]s t WHERE t.account_id = %[1]s.account_id AND t.id = %[2]s_i),
				%[8]s = (SELECT CASE WHEN t.%[9]s LIKE '{"t":"IntervalDates"%%' THEN '{"t":"DateOnly","v":"' || %[10]s || '"}'
					ELSE '{"t":"DateTime","v":' || %[6]s || '}' END FROM %[7]s t WHERE t.account_id = %[1]s.account_id AND t.id = %[2]s_i)`,
				c.Table, cc("nextCommunication"), cc("lastCommunicationDate"), c.Field("lastCommunicationDate").SortColumn(),
				c.Field("nextCommunicationDate").SortColumn(), start, todo.Table, cc("nextCommunicationDate"),
				todo.Field("when").Column, dayOf),
		}
		// A client's tasks: those whose contractor it is, a template no
		// task; active in the "actual" statuses (ActiveTaskStatuses).
		task := cat.Type("Task")
		tcol := task.Field("contractor").Column
		status := "k." + task.Field("status").Column
		tasks := fmt.Sprintf("FROM %s k WHERE k.account_id = %s.account_id AND k.%s_t = '%s' AND k.%s_i = %s.id AND COALESCE(%s, '') <> 'template'",
			task.Table, c.Table, tcol, name, tcol, c.Table, status)
		open := fmt.Sprintf("%s IN ('%s')", status, strings.Join(ActiveTaskStatuses, "', '"))
		stmts = append(stmts, fmt.Sprintf(`UPDATE %s SET %s = (SELECT COUNT(*) %s), %s = (SELECT COUNT(*) %s AND %s)`,
			c.Table, cc("issuesCount"), tasks, cc("activeIssuesCount"), tasks, open),
			fmt.Sprintf(`UPDATE %s SET %s = %s - %s`, c.Table, cc("inactiveIssuesCount"), cc("issuesCount"), cc("activeIssuesCount")))
		for _, s := range stmts {
			if err := db.Exec(ctx, strings.TrimSpace(s)); err != nil {
				return fmt.Errorf("migrate: contacts of %s: %w", name, err)
			}
		}
	}
	return nil
}

package reportkeep

import (
	"fmt"
	"strings"
)

// sqliteTriggers: SQLite triggers cannot branch, so every statement
// carries its own guard (the deltas' WHERE) and updates have their own
// triggers per concern.
func (n Names) sqliteTriggers() []string {
	h := History
	return []string{
		fmt.Sprintf("CREATE TRIGGER rk_deal_ai AFTER INSERT ON %s BEGIN %s %s END", n.Deal, n.dealNow("NEW", ""), n.dealReached("NEW", "")),
		fmt.Sprintf("CREATE TRIGGER rk_deal_ad AFTER DELETE ON %s BEGIN %s %s END", n.Deal, n.dealNow("OLD", "-"), n.dealReached("OLD", "-")),
		fmt.Sprintf("CREATE TRIGGER rk_deal_au_now AFTER UPDATE OF %s, %s, %s ON %s WHEN %s BEGIN %s %s END",
			n.Program, n.State, n.Price, n.Deal, n.dealMoved("IS NOT"), n.dealNow("OLD", "-"), n.dealNow("NEW", "")),
		// A state change alone leaves the reached lines (the history row
		// the move writes adds the new state).
		fmt.Sprintf("CREATE TRIGGER rk_deal_au_reached AFTER UPDATE OF %s, %s ON %s WHEN %s BEGIN %s %s END",
			n.Program, n.Price, n.Deal, n.dealRepriced("IS NOT"), n.dealReached("OLD", "-"), n.dealReached("NEW", "")),
		fmt.Sprintf("CREATE TRIGGER rk_history_ai AFTER INSERT ON %s BEGIN %s END", h, n.historyRow("NEW", "")),
		fmt.Sprintf("CREATE TRIGGER rk_history_ad AFTER DELETE ON %s BEGIN %s END", h, n.historyRow("OLD", "-")),
		fmt.Sprintf(`CREATE TRIGGER rk_history_au AFTER UPDATE OF account_id, deal_id, to_state ON %s
			WHEN OLD.account_id IS NOT NEW.account_id OR OLD.deal_id IS NOT NEW.deal_id OR OLD.to_state IS NOT NEW.to_state BEGIN %s %s END`,
			h, n.historyRow("OLD", "-"), n.historyRow("NEW", "")),
		fmt.Sprintf("CREATE TRIGGER rk_task_ai AFTER INSERT ON %s BEGIN %s END", n.Task, n.taskRow("NEW", "")),
		fmt.Sprintf("CREATE TRIGGER rk_task_ad AFTER DELETE ON %s BEGIN %s END", n.Task, n.taskRow("OLD", "-")),
		fmt.Sprintf("CREATE TRIGGER rk_task_au AFTER UPDATE OF %s ON %s WHEN %s BEGIN %s %s END",
			n.taskColumns(), n.Task, n.taskChanged("IS NOT"), n.taskRow("OLD", "-"), n.taskRow("NEW", "")),
	}
}

// pgTriggers: one function per table. A history row locks its deal
// first, so a concurrent price change or delete of the deal (which holds
// the row) waits for it or it for them, and each sees the other's rows:
// under READ COMMITTED every statement of the function reads afresh.
func (n Names) pgTriggers() []string {
	return []string{
		fmt.Sprintf(`CREATE OR REPLACE FUNCTION rk_deal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN %s %s
	ELSIF TG_OP = 'DELETE' THEN %s %s
	ELSE
		IF %s THEN %s %s END IF;
		IF %s THEN %s %s END IF;
	END IF;
	RETURN NULL;
END $$`, n.dealNow("NEW", ""), n.dealReached("NEW", ""), n.dealNow("OLD", "-"), n.dealReached("OLD", "-"),
			n.dealMoved("IS DISTINCT FROM"), n.dealNow("OLD", "-"), n.dealNow("NEW", ""),
			n.dealRepriced("IS DISTINCT FROM"), n.dealReached("OLD", "-"), n.dealReached("NEW", "")),
		fmt.Sprintf("CREATE TRIGGER rk_deal AFTER INSERT OR DELETE OR UPDATE OF %s, %s, %s ON %s FOR EACH ROW EXECUTE FUNCTION rk_deal()",
			n.Program, n.State, n.Price, n.Deal),
		fmt.Sprintf(`CREATE OR REPLACE FUNCTION rk_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- An update that leaves the row's deal and state is no change (the
	-- row would count as a second entry of its own state).
	IF TG_OP = 'UPDATE' AND OLD.account_id = NEW.account_id AND OLD.deal_id = NEW.deal_id AND OLD.to_state = NEW.to_state THEN
		RETURN NULL;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM 1 FROM %[1]s WHERE account_id = OLD.account_id AND id = OLD.deal_id FOR UPDATE; %[2]s
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN
		PERFORM 1 FROM %[1]s WHERE account_id = NEW.account_id AND id = NEW.deal_id FOR UPDATE; %[3]s
	END IF;
	RETURN NULL;
END $$`, n.Deal, n.historyRow("OLD", "-"), n.historyRow("NEW", "")),
		fmt.Sprintf("CREATE TRIGGER rk_history AFTER INSERT OR DELETE OR UPDATE OF account_id, deal_id, to_state ON %s FOR EACH ROW EXECUTE FUNCTION rk_history()", History),
		fmt.Sprintf(`CREATE OR REPLACE FUNCTION rk_task() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN %s
	ELSIF TG_OP = 'DELETE' THEN %s
	ELSIF %s THEN %s %s
	END IF;
	RETURN NULL;
END $$`, n.taskRow("NEW", ""), n.taskRow("OLD", "-"), n.taskChanged("IS DISTINCT FROM"), n.taskRow("OLD", "-"), n.taskRow("NEW", "")),
		fmt.Sprintf("CREATE TRIGGER rk_task AFTER INSERT OR DELETE OR UPDATE OF %s ON %s FOR EACH ROW EXECUTE FUNCTION rk_task()", n.taskColumns(), n.Task),
	}
}

// rebuild fills the kept tables from the rows as stored.
func (n Names) rebuild() []string {
	one := func(s string) string { return strings.TrimSuffix(s, ";") }
	return []string{"DELETE FROM report_funnel_counts", "DELETE FROM report_task_counts",
		one(funnelDelta(fmt.Sprintf(`SELECT account_id, %[1]s, %[2]s, 0, COUNT(*), COALESCE(SUM(%[3]s), 0) FROM %[4]s
			WHERE %[1]s IS NOT NULL AND %[2]s IS NOT NULL GROUP BY account_id, %[1]s, %[2]s`, n.Program, n.State, n.Price, n.Deal))),
		one(funnelDelta(fmt.Sprintf(`SELECT account_id, p, to_state, 1, COUNT(*), COALESCE(SUM(price), 0) FROM (SELECT DISTINCT d.account_id,
			d.%[1]s AS p, d.id, h.to_state, d.%[2]s AS price FROM %[3]s d JOIN %[4]s h ON h.account_id = d.account_id AND h.deal_id = d.id
			WHERE d.%[1]s IS NOT NULL) x GROUP BY account_id, p, to_state`, n.Program, n.Price, n.Deal, History))),
		fmt.Sprintf(`INSERT INTO report_task_counts (account_id, resp_type, resp_id, class, n)
			SELECT account_id, rt, ri, c, COUNT(*) FROM (SELECT account_id, COALESCE(%[1]s_t, '') AS rt, %[1]s_i AS ri, %[2]s AS c FROM %[3]s) x
			WHERE c > 0 GROUP BY account_id, rt, ri, c`, n.Resp, n.class(n.Task), n.Task),
	}
}

package demo

import (
	"encoding/json"
	"fmt"

	"github.com/artel/artel/internal/entity"
)

// reportsStep gives the sales process the history its deals would have
// (a deal in a later stage went through the earlier ones that are not a
// loss; a lost deal through the first one), so the sales funnel
// (docs/report.md) shows how far deals get; saves the demo user two
// reports and lays out their dashboard.
func (f *filler) reportsStep() error {
	db := f.e.DB
	sys := entity.Scope{Account: f.account, System: true}
	for _, deal := range f.deals {
		rec, err := f.e.GetMany(f.ctx, sys, "Deal", []int64{deal.link.ID})
		if err != nil || len(rec) == 0 {
			return fmt.Errorf("demo: deal %d: %v", deal.link.ID, err)
		}
		at := -1
		for i, s := range f.stages {
			if rec[0].Links["state"] == s.link {
				at = i
			}
		}
		created, _ := rec[0].Values["timeCreated"].(int64)
		for i, s := range f.stages[:max(at, 0)] {
			if s.typ == "negative" || (f.stages[at].typ == "negative" && i > 0) {
				continue
			}
			if err := db.Exec(f.ctx, `INSERT INTO deal_status_history (account_id, deal_id, from_state, to_state, user_type, user_id, created_at)
				VALUES (?, ?, NULL, ?, ?, ?, ?)`, f.account, deal.link.ID, s.link.ID, deal.people[0].Type, deal.people[0].ID, created); err != nil {
				return fmt.Errorf("demo: history of deal %d: %w", deal.link.ID, err)
			}
		}
	}
	won, _ := json.Marshal(obj{"contentType": "FilterConfig", "termGroup": obj{"contentType": "FilterTermGroup", "join": "and",
		"terms": []any{obj{"contentType": "FilterTermString", "field": "result", "comparison": "equals", "value": "positive"}}}})
	reports := []obj{
		{"name": "Выигранные сделки по менеджерам", "description": "Сколько сделок закрыл каждый менеджер",
			"config": obj{"contentType": "ReportConfig", "entityType": "Deal", "filterRules": string(won),
				"grouping": []any{obj{"contentType": "ReportConfigGrouping", "name": "manager"}},
				"columns":  []any{obj{"contentType": "ReportConfigColumn", "formula": "count", "alias": "value"}}}},
		{"name": "Сумма сделок по месяцам", "description": "Новые сделки по месяцу создания",
			"config": obj{"contentType": "ReportConfig", "entityType": "Deal",
				"grouping": []any{obj{"contentType": "ReportConfigGrouping", "name": "timeCreated",
					"extraSettings": []any{obj{"contentType": "ReportObjectGroupingExtraSetting", "name": "period", "selectedChoice": "month"}}}},
				"columns": []any{obj{"contentType": "ReportConfigColumn", "formula": "sum", "name": "price", "alias": "value"}}}},
	}
	var first int64
	for i, r := range reports {
		l, err := f.create(f.demo, "Report", r)
		if err != nil {
			return err
		}
		if i == 0 {
			first, f.firstReport = l.ID, l
		}
	}
	widgets := []struct {
		kind   string
		report any
		x, y   int
	}{{"TaskDesktopWidget", nil, 0, 0}, {"DealDesktopWidget", nil, 1, 0}, {"InvoiceDesktopWidget", nil, 0, 1}, {"ReportDesktopWidget", first, 1, 1}}
	for _, w := range widgets {
		chart := ""
		if w.report != nil {
			chart = "bar"
		}
		if err := db.Exec(f.ctx, `INSERT INTO desktop_widgets (account_id, user_type, user_id, kind, report_id, chart_type, pos_x, pos_y)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, f.account, f.demo.Type, f.demo.ID, w.kind, w.report, chart, w.x, w.y); err != nil {
			return fmt.Errorf("demo: widget: %w", err)
		}
	}
	return nil
}

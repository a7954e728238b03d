package report_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
	"github.com/xuri/excelize/v2"
)

// wonPerManager is the builder's report of the Playwright test: deals
// won (result positive), grouped by manager, counted and summed.
func wonPerManager() map[string]any {
	filter := `{"contentType":"FilterConfig","termGroup":{"contentType":"FilterTermGroup","join":"and","terms":[` +
		`{"contentType":"FilterTermString","field":"result","comparison":"equals","value":"positive"}]}}`
	return map[string]any{"contentType": "ReportConfig", "entityType": "Deal", "filterRules": filter,
		"grouping": []any{map[string]any{"contentType": "ReportConfigGrouping", "name": "manager"}},
		"columns": []any{map[string]any{"contentType": "ReportConfigColumn", "formula": "count", "alias": "count"},
			map[string]any{"contentType": "ReportConfigColumn", "formula": "sum", "name": "price", "alias": "sum"}}}
}

func build(t *testing.T, h *apitest.Harness, tok string, config map[string]any) map[string]map[string]any {
	t.Helper()
	r := h.Do("POST", "/api/v3/report/build", apitest.Req{Token: tok, Body: config})
	if r.Status != 200 {
		t.Fatalf("build: %s", r.Body)
	}
	out := map[string]map[string]any{}
	for _, row := range r.Obj()["rows"].([]any) {
		m := row.(map[string]any)
		out[m["key"].(string)] = m
	}
	return out
}

func TestBuilder(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h)
		rows := build(t, h, "", wonPerManager())
		if len(rows) != 1 || rows[b.olga]["count"] != 2.0 || rows[b.olga]["sum"] != 300.0 || rows[b.olga]["label"] != "Ольга Тестов" {
			t.Errorf("deals won per manager: %v", rows)
		}
		// Grouped by the month of creation: every deal was made now.
		month := build(t, h, "", map[string]any{"entityType": "Deal",
			"grouping": []any{map[string]any{"name": "timeCreated", "extraSettings": []any{map[string]any{"name": "period", "selectedChoice": "month"}}}},
			"columns":  []any{map[string]any{"formula": "count"}, map[string]any{"formula": "max", "name": "price"}, map[string]any{"formula": "avg", "name": "price"}}})
		now := time.Now().UTC().Format("2006-01")
		if len(month) != 1 || month[now]["count"] != 6.0 || month[now]["max_price"] != 400.0 {
			t.Errorf("deals per month: %v", month)
		}
		if avg := month[now]["avg_price"].(float64); avg < 186.66 || avg > 186.67 {
			t.Errorf("average price %v", avg)
		}
		// Olga counts only the tasks she sees, by status.
		tasks := build(t, h, b.olgaTok, map[string]any{"entityType": "Task", "grouping": []any{map[string]any{"name": "status"}}})
		if tasks["done"]["count"] != 3.0 || tasks["accepted"]["count"] != 3.0 || tasks["assigned"] != nil {
			t.Errorf("Olga's tasks by status: %v", tasks)
		}
		week := build(t, h, "", map[string]any{"entityType": "Task",
			"grouping": []any{map[string]any{"name": "deadline", "extraSettings": []any{map[string]any{"name": "period", "selectedChoice": "week"}}}}})
		if week["2019-12-30"]["count"] != 5.0 || week["2998-12-31"]["count"] != 1.0 {
			t.Errorf("tasks per week of the deadline: %v", week)
		}
		for _, c := range []struct {
			name   string
			body   any
			status int
			field  string
		}{
			{"unknown source", map[string]any{"entityType": "Nothing"}, 422, "entityType"},
			{"grouping by a field that is not stored", map[string]any{"entityType": "Deal", "grouping": []any{map[string]any{"name": "nothing"}}}, 422, "grouping"},
			{"a period of a text", map[string]any{"entityType": "Deal", "grouping": []any{map[string]any{"name": "name", "extraSettings": []any{map[string]any{"name": "period", "selectedChoice": "day"}}}}}, 422, "grouping"},
			{"a sum of a text", map[string]any{"entityType": "Deal", "columns": []any{map[string]any{"formula": "sum", "name": "name"}}}, 422, "columns"},
			{"an unknown operation", map[string]any{"entityType": "Deal", "columns": []any{map[string]any{"formula": "median", "name": "price"}}}, 422, "columns"},
			{"a filter that is no filter", map[string]any{"entityType": "Deal", "filterRules": "{"}, 422, "filterRules"},
			{"grouping not a list", map[string]any{"entityType": "Deal", "grouping": "manager"}, 422, "config"},
			{"malformed", "{", 400, ""},
		} {
			r := h.Do("POST", "/api/v3/report/build", apitest.Req{Body: c.body})
			if r.Status != c.status || (c.field != "" && (len(r.Errors()) == 0 || r.Errors()[0]["field"] != c.field)) {
				t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
			}
		}
	})
}

func exportPath(config map[string]any, format string) string {
	raw, _ := json.Marshal(map[string]any{"config": config, "format": format, "title": "Выигранные"})
	return "/api/v3/report/export" + apitest.Q(string(raw))
}

func TestExport(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h)
		r := h.Do("GET", exportPath(wonPerManager(), "xlsx"), apitest.Req{})
		if r.Status != 200 {
			t.Fatalf("xlsx: %d %s", r.Status, r.Body)
		}
		f, err := excelize.OpenReader(bytes.NewReader(r.Body))
		if err != nil {
			t.Fatalf("a real XLSX reader opens it: %v", err)
		}
		defer f.Close()
		got, err := f.GetRows("Sheet1")
		if err != nil || len(got) != 2 || strings.Join(got[0], "|") != "manager|count|sum" || strings.Join(got[1], "|") != "Ольга Тестов|2|300" {
			t.Errorf("xlsx rows: %v %v", got, err)
		}
		if v, _ := f.GetCellType("Sheet1", "C2"); v != excelize.CellTypeNumber && v != excelize.CellTypeUnset {
			t.Errorf("the sum is a number: %v", v)
		}
		r = h.Do("GET", exportPath(wonPerManager(), "csv"), apitest.Req{Token: b.ivanTok})
		if r.Status != 200 || string(r.Body) != "manager,count,sum\n" {
			t.Errorf("Ivan's csv has no line of Olga's deals: %d %q", r.Status, r.Body)
		}
		r = h.Do("GET", exportPath(wonPerManager(), "csv"), apitest.Req{})
		if string(r.Body) != "manager,count,sum\nОльга Тестов,2,300\n" {
			t.Errorf("csv: %q", r.Body)
		}
		if r := h.Do("GET", exportPath(wonPerManager(), "pdf"), apitest.Req{}); r.Status != 422 {
			t.Errorf("pdf: %d %s", r.Status, r.Body)
		}
	})
}

// A saved report is its author's until shared; its figures are always
// the reader's own.
func TestSavedReport(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h)
		r := h.Do("POST", "/api/v3/report", apitest.Req{Token: b.olgaTok, Body: map[string]any{"name": "Выигранные сделки", "config": wonPerManager()}})
		if r.Status != 200 {
			t.Fatalf("save: %s", r.Body)
		}
		id := r.Obj()["id"].(string)
		if r := h.Do("GET", "/api/v3/report/"+id, apitest.Req{Token: b.ivanTok}); r.Status != 404 {
			t.Errorf("not shared yet: %d", r.Status)
		}
		if n := len(h.Do("GET", "/api/v3/report", apitest.Req{Token: b.ivanTok}).List()); n != 0 {
			t.Errorf("Ivan's list of reports: %d", n)
		}
		if r := h.Do("POST", "/api/v3/report/"+id, apitest.Req{Token: b.ivanTok, Body: map[string]any{"name": "Чужой"}}); r.Status != 404 {
			t.Errorf("Ivan edits it: %d", r.Status)
		}
		if r := h.Do("POST", "/api/v3/report/"+id, apitest.Req{Token: b.olgaTok, Body: map[string]any{"readers": []any{apitest.Link("Employee", b.ivan)}}}); r.Status != 200 {
			t.Fatalf("share: %s", r.Body)
		}
		got := h.Do("GET", "/api/v3/report/"+id, apitest.Req{Token: b.ivanTok})
		if got.Status != 200 {
			t.Fatalf("shared: %s", got.Body)
		}
		if r := h.Do("POST", "/api/v3/report/"+id, apitest.Req{Token: b.ivanTok, Body: map[string]any{"name": "Чужой"}}); r.Status != 403 {
			t.Errorf("a reader edits it: %d %s", r.Status, r.Body)
		}
		config := got.Obj()["config"].(map[string]any)
		if rows := build(t, h, b.ivanTok, config); len(rows) != 0 {
			t.Errorf("Ivan runs it on his deals: %v", rows)
		}
	})
}

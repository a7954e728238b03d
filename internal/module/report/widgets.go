package report

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Widget kinds a dashboard holds (the reference's *DesktopWidget types).
var WidgetKinds = []string{"TaskDesktopWidget", "DealDesktopWidget", "InvoiceDesktopWidget", "ReportDesktopWidget",
	"EmployeeBirthdayDesktopWidget", "EmployeeEffectivenessDesktopWidget"}

// ChartTypes of a saved report's widget (ReportDesktopWidget.chartType).
var ChartTypes = []string{"bar", "pie"}

// CodeBadWidget refuses a widget kind the dashboard does not have.
const CodeBadWidget = "report_bad_widget"

// Widget is one widget of a person's dashboard.
type Widget struct {
	ID         int64
	Kind       string
	Report     int64
	ChartType  string
	Title      string
	PosX, PosY int64
}

// JSON is the widget as the API answers it.
func (w *Widget) JSON() map[string]any {
	out := map[string]any{"contentType": w.Kind, "id": strconv.FormatInt(w.ID, 10), "posX": w.PosX, "posY": w.PosY, "title": w.Title}
	if w.Kind == "ReportDesktopWidget" {
		out["reportId"], out["chartType"] = strconv.FormatInt(w.Report, 10), w.ChartType
	}
	return out
}

// widgetIn is a widget as a client sends it.
type widgetIn struct {
	ContentType string          `json:"contentType"`
	ReportID    json.RawMessage `json:"reportId"`
	ChartType   string          `json:"chartType"`
	Title       string          `json:"title"`
	PosX        int64           `json:"posX"`
	PosY        int64           `json:"posY"`
}

// Widgets are the reader's own widgets, in their order on the grid.
func (m *Module) Widgets(ctx context.Context, sc entity.Scope) ([]*Widget, error) {
	out := []*Widget{}
	err := m.query(ctx, `SELECT id, kind, COALESCE(report_id, 0), chart_type, title, pos_x, pos_y FROM desktop_widgets
		WHERE account_id = ? AND user_type = ? AND user_id = ? ORDER BY pos_y, pos_x, id`, []any{sc.Account, sc.Actor.Type, sc.Actor.ID},
		func(r *sql.Rows) error {
			w := &Widget{}
			if err := r.Scan(&w.ID, &w.Kind, &w.Report, &w.ChartType, &w.Title, &w.PosX, &w.PosY); err != nil {
				return err
			}
			out = append(out, w)
			return nil
		})
	return out, err
}

// CheckWidget reads a widget as a client sends it (a DesktopWidget: its
// kind, and for a saved report's chart the report, which the reader must
// see, and the chart type). Workspaces' widgets are read by it too.
func (m *Module) CheckWidget(ctx context.Context, sc entity.Scope, raw json.RawMessage) (*Widget, error) {
	var in widgetIn
	if json.Unmarshal(raw, &in) != nil {
		return nil, entity.Invalidf("widget", value.CodeType, "DesktopWidget")
	}
	if !slices.Contains(WidgetKinds, in.ContentType) {
		return nil, entity.Invalidf("contentType", CodeBadWidget, in.ContentType)
	}
	w := &Widget{Kind: in.ContentType, Title: in.Title, PosX: max(in.PosX, 0), PosY: max(in.PosY, 0)}
	if w.Kind == "ReportDesktopWidget" {
		l, err := value.DecodeLink(in.ReportID, []string{"Report"})
		if err != nil || l.ID == 0 {
			return nil, entity.Invalidf("reportId", entity.CodeRequired, "")
		}
		if _, err := m.e.Get(ctx, sc, "Report", l.ID); err != nil {
			return nil, entity.Invalidf("reportId", entity.CodeLinkNotFound, "")
		}
		if in.ChartType == "" {
			in.ChartType = "bar"
		}
		if !slices.Contains(ChartTypes, in.ChartType) {
			return nil, entity.Invalidf("chartType", value.CodeEnum, in.ChartType)
		}
		w.Report, w.ChartType = l.ID, in.ChartType
	}
	return w, nil
}

// SaveWidget adds a widget (id 0) or changes one of the reader's own.
func (m *Module) SaveWidget(ctx context.Context, sc entity.Scope, id int64, raw json.RawMessage) (*Widget, error) {
	w, err := m.CheckWidget(ctx, sc, raw)
	if err != nil {
		return nil, err
	}
	w.ID = id
	var report any
	if w.Report != 0 {
		report = w.Report
	}
	if id == 0 {
		err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`INSERT INTO desktop_widgets
			(account_id, user_type, user_id, kind, report_id, chart_type, title, pos_x, pos_y) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			sc.Account, sc.Actor.Type, sc.Actor.ID, w.Kind, report, w.ChartType, w.Title, w.PosX, w.PosY).Scan(&w.ID)
		if err != nil {
			return nil, fmt.Errorf("report: add widget: %w", err)
		}
		return w, nil
	}
	res, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`UPDATE desktop_widgets SET kind = ?, report_id = ?, chart_type = ?,
		title = ?, pos_x = ?, pos_y = ? WHERE account_id = ? AND user_type = ? AND user_id = ? AND id = ?`),
		w.Kind, report, w.ChartType, w.Title, w.PosX, w.PosY, sc.Account, sc.Actor.Type, sc.Actor.ID, id)
	if err != nil {
		return nil, fmt.Errorf("report: save widget: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, entity.ErrNotFound
	}
	return w, nil
}

// DeleteWidget removes one of the reader's widgets.
func (m *Module) DeleteWidget(ctx context.Context, sc entity.Scope, id int64) error {
	res, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`DELETE FROM desktop_widgets
		WHERE account_id = ? AND user_type = ? AND user_id = ? AND id = ?`), sc.Account, sc.Actor.Type, sc.Actor.ID, id)
	if err != nil {
		return fmt.Errorf("report: delete widget: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return entity.ErrNotFound
	}
	return nil
}

package space

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// LayoutTypes are CreateWidgetRequest.layoutType's values.
var LayoutTypes = []string{"Table", "Board", "Calendar", "Timeline", "BarChart", "PieChart", "LineChart", "Chart"}

// widgetIn is a CreateWidgetRequest; source (Artel's own) is what the
// widget shows, a dashboard widget of the report module: a saved
// report's chart (ReportDesktopWidget with reportId) or a list
// (TaskDesktopWidget, DealDesktopWidget, InvoiceDesktopWidget).
type widgetIn struct {
	LayoutType string          `json:"layoutType"`
	Element    json.RawMessage `json:"element"`
	Source     json.RawMessage `json:"source"`
}

// AddWidget adds a widget element at p. Only the source is stored, never
// figures: each reader's screen runs it under their own rights.
func (m *Module) AddWidget(ctx context.Context, sc entity.Scope, p Place, raw json.RawMessage) (*tree, *Element, error) {
	var in widgetIn
	if json.Unmarshal(raw, &in) != nil {
		return nil, nil, entity.Invalidf("widget", value.CodeType, "CreateWidgetRequest")
	}
	t, err := m.load(ctx, sc)
	if err != nil {
		return nil, nil, err
	}
	if err := t.canCreate(&p); err != nil {
		return nil, nil, err
	}
	if in.LayoutType == "" {
		return nil, nil, entity.Invalidf("layoutType", entity.CodeRequired, "")
	}
	if !slices.Contains(LayoutTypes, in.LayoutType) {
		return nil, nil, entity.Invalidf("layoutType", value.CodeEnum, in.LayoutType)
	}
	el, err := readElement(in.Element, "element")
	if err != nil {
		return nil, nil, err
	}
	e := &Element{Section: p.Section, Parent: p.Parent, Type: TypeWidget, LayoutType: in.LayoutType}
	if e.Title, err = el.title("element"); err != nil {
		return nil, nil, err
	}
	if e.Icon, err = el.icon(); err != nil {
		return nil, nil, err
	}
	if e.Widget, err = m.source(ctx, sc, in); err != nil {
		return nil, nil, err
	}
	if err := m.insert(ctx, sc, e); err != nil {
		return nil, nil, err
	}
	return m.reread(ctx, sc, e.ID)
}

// source checks the widget's source with the report module (a saved
// report must be one the author sees) and keeps it as JSON. A report's
// chart is a pie for the PieChart layout, else bars, unless it says.
func (m *Module) source(ctx context.Context, sc entity.Scope, in widgetIn) (string, error) {
	var src map[string]any
	if len(in.Source) == 0 || json.Unmarshal(in.Source, &src) != nil || src == nil {
		return "", entity.Invalidf("source", entity.CodeRequired, "")
	}
	if _, ok := src["chartType"]; !ok {
		src["chartType"] = "bar"
		if in.LayoutType == "PieChart" {
			src["chartType"] = "pie"
		}
	}
	raw, _ := json.Marshal(src)
	w, err := m.reports.CheckWidget(ctx, sc, raw)
	if err != nil {
		return "", err
	}
	out := map[string]any{"contentType": w.Kind}
	if w.Report != 0 {
		out["reportId"], out["chartType"] = sid(w.Report), w.ChartType
	}
	b, err := json.Marshal(out)
	if err != nil {
		return "", fmt.Errorf("space: widget source: %w", err)
	}
	return string(b), nil
}

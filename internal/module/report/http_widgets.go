package report

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/value"
)

func (a *HTTP) widgetRoutes(rt *api.Routes) {
	rt.Handle("GET /desktop/widget", a.widgets)
	// The kinds a dashboard may hold (string[], the reference's answer).
	rt.Handle("GET /desktop/widget/list", func(context.Context, *api.Request) api.Response { return api.OK(WidgetKinds) })
	rt.Handle("POST /desktop/widget", a.saveWidget)
	rt.Handle("POST /desktop/widget/{id}", a.saveWidget)
	rt.Handle("DELETE /desktop/widget", a.deleteWidget)
	rt.Handle("DELETE /desktop/widget/{id}", a.deleteWidget)
}

func (a *HTTP) widgets(ctx context.Context, r *api.Request) api.Response {
	list, err := a.Reports.Widgets(ctx, r.Scope())
	if err != nil {
		return r.Fail(err)
	}
	out := make([]map[string]any, len(list))
	for i, w := range list {
		out[i] = w.JSON()
	}
	return api.OK(out)
}

func (a *HTTP) saveWidget(ctx context.Context, r *api.Request) api.Response {
	if _, res := r.Input(); res != nil {
		return *res
	}
	var id int64
	if len(r.IDs) > 0 {
		id = r.IDs[0]
	}
	var w *Widget
	err := a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		var err error
		w, err = a.Reports.SaveWidget(ctx, r.Scope(), id, r.Body())
		return err
	})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(w.JSON())
}

// deleteWidget takes the widget in the path or, as the reference has
// it, in the body.
func (a *HTTP) deleteWidget(ctx context.Context, r *api.Request) api.Response {
	var id int64
	if len(r.IDs) > 0 {
		id = r.IDs[0]
	} else {
		var in struct {
			ID any `json:"id"`
		}
		_ = json.Unmarshal(r.Body(), &in)
		switch v := in.ID.(type) {
		case float64:
			id = int64(v)
		case string:
			id, _ = strconv.ParseInt(v, 10, 64)
		}
		if id <= 0 {
			return r.FieldFail("id", value.CodeType, "string")
		}
	}
	err := a.Engine.DB.WithTx(ctx, func(ctx context.Context) error { return a.Reports.DeleteWidget(ctx, r.Scope(), id) })
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(nil)
}

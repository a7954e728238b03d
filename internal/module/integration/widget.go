package integration

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/artel/artel/internal/api"
)

// WidgetPrefix is where Artel serves an inline widget's code:
// /widget/{uuid}, the src of its iframe.
const WidgetPrefix = "/widget/"

// WidgetCSP is the policy of a served widget. sandbox allow-scripts
// gives the document an opaque origin even when it is opened outside
// its iframe, so it can read neither Artel's cookies nor its storage nor
// its parent's DOM; connect-src 'none' leaves it no network but the
// parent's postMessage API; it may load images and styles, not frames,
// forms or plugins.
const WidgetCSP = "sandbox allow-scripts; default-src 'none'; script-src 'unsafe-inline'; " +
	"style-src 'unsafe-inline'; img-src data: https:; font-src data:; connect-src 'none'; " +
	"form-action 'none'; base-uri 'none'; frame-src 'none'; frame-ancestors 'self'"

// serveWidget answers an enabled app's inline widget code with its
// policy. The code is the app's, not a secret: the uuid is random and
// no sign-in is asked, as the opaque-origin frame would send none.
func (m *Module) serveWidget(w http.ResponseWriter, r *http.Request, account int64) {
	uuid := strings.TrimPrefix(r.URL.Path, WidgetPrefix)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	var content string
	err := m.e.DB.Q(r.Context()).QueryRowContext(r.Context(), m.e.DB.Dialect.Rebind(`SELECT w.content FROM app_widgets w
		JOIN apps a ON a.id = w.app_id AND a.is_enabled = 1 WHERE w.account_id = ? AND w.uuid = ? AND w.content <> ''`),
		account, uuid).Scan(&content)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Security-Policy", WidgetCSP)
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte(content))
}

// widgetList is GET /integrationWidget: the enabled apps' widgets at the
// asked placeholders (all when none), for any signed-in person.
func (a *HTTP) widgetList(ctx context.Context, r *api.Request) api.Response {
	var placeholders []string
	if raw, ok := r.Query("placeholders"); ok {
		if err := json.Unmarshal(raw, &placeholders); err != nil {
			var one string
			if json.Unmarshal(raw, &one) != nil {
				return r.FieldFail("placeholders", "invalid_value")
			}
			placeholders = []string{one}
		}
	}
	sc := r.Scope()
	ws, err := a.Integrations.widgets(ctx, sc.Account, placeholders, true)
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, 0, len(ws))
	if len(ws) == 0 {
		return api.OK(out)
	}
	apps, err := a.Integrations.apps(ctx, sc.Account, 0)
	if err != nil {
		return r.Fail(err)
	}
	byID := map[int64]*App{}
	for _, app := range apps {
		byID[app.ID] = app
	}
	for _, w := range ws {
		out = append(out, encodeWidget(w, byID[w.App]))
	}
	return api.OK(out)
}

// market is GET /integration/all: the catalogue's categories and apps.
func (a *HTTP) market(ctx context.Context, r *api.Request) api.Response {
	apps, err := a.applicationList(ctx, r)
	if err != nil {
		return r.Fail(err)
	}
	cats := a.categoryList()
	return api.OK(map[string]any{"contentType": "Market", "id": "local", "categories": cats,
		"categoriesCount": len(cats), "apps": apps, "appsCount": len(apps)})
}

func (a *HTTP) applications(ctx context.Context, r *api.Request) api.Response {
	apps, err := a.applicationList(ctx, r)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(apps)
}

func (a *HTTP) categories(ctx context.Context, r *api.Request) api.Response {
	return api.OK(a.categoryList())
}

func (a *HTTP) categoryList() []any {
	out := make([]any, 0, len(a.Market.Categories))
	for _, c := range a.Market.Categories {
		out = append(out, map[string]any{"contentType": "AppCategory", "id": c.ID, "title": c.Title})
	}
	return out
}

// applicationList is the catalogue's apps as Application values, each
// marked installed and enabled as the account has it.
func (a *HTTP) applicationList(ctx context.Context, r *api.Request) ([]any, error) {
	installed, err := a.Integrations.apps(ctx, r.Scope().Account, 0)
	if err != nil {
		return nil, err
	}
	have := map[string]*App{}
	for _, app := range installed {
		have[app.Identifier] = app
	}
	out := make([]any, 0, len(a.Market.Apps))
	for _, mf := range a.Market.Apps {
		cats := []any{}
		for _, id := range mf.Categories {
			for _, c := range a.Market.Categories {
				if c.ID == id {
					cats = append(cats, map[string]any{"contentType": "AppCategory", "id": c.ID, "title": c.Title})
				}
			}
		}
		app := have[mf.Identifier]
		out = append(out, map[string]any{"contentType": "Application", "id": mf.Identifier, "title": mf.Name,
			"categories": cats, "categoriesCount": len(cats), "installed": app != nil, "type": "box",
			"description": mf.Description, "shortDescription": mf.ShortDescription, "image": "", "free": true,
			"enabled": app != nil && app.Enabled, "developerName": mf.DeveloperName, "installBtn": app == nil,
			"installHref": "/api/v3/integration/install/" + mf.Identifier, "linkHref": "",
			"dateCreated": "", "popularForYear": 0, "popularSixMonths": 0, "scope": mf.Scope,
			"widgetsCount": len(mf.Widgets)})
	}
	return out, nil
}

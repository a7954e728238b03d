package integration

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// appRoutes are the reference's Integration, Market, Application and
// AppCategory routes. An administrator installs and manages apps; any
// signed-in person reads the widgets of the enabled ones.
func (a *HTTP) appRoutes(rt *api.Routes) {
	if a.Market == nil {
		a.Market = LoadMarket()
	}
	rt.Handle("GET /integration", a.admin(a.appList))
	rt.Handle("POST /integration", a.admin(a.appUpload))
	rt.Handle("GET /integration/all", a.admin(a.market))
	rt.Handle("GET /integration/applications", a.admin(a.applications))
	rt.Handle("GET /integration/categories", a.admin(a.categories))
	for _, mf := range a.Market.Apps {
		rt.Handle("POST /integration/install/"+mf.Identifier, a.admin(a.installer(mf.Identifier)))
	}
	rt.Handle("GET /integration/{id}", a.admin(a.appGet))
	rt.Handle("POST /integration/{id}", a.admin(a.appUpdate))
	rt.Handle("DELETE /integration/{id}", a.admin(a.appDrop))
	rt.Handle("POST /integration/{id}/enable", a.admin(a.appSwitch(true)))
	rt.Handle("POST /integration/{id}/disable", a.admin(a.appSwitch(false)))
	rt.Handle("GET /integration/{id}/widgets", a.admin(a.appWidgets))
	rt.Handle("GET /integration/{id}/regenerateToken", a.admin(a.appToken))
	rt.Handle("GET /integrationWidget", a.widgetList)
	rt.Messages(AppWording)
	rt.AppTokens(a.Integrations.Grant)
	rt.Protocol(WidgetPrefix, a.Integrations.serveWidget)
}

func (a *HTTP) appList(ctx context.Context, r *api.Request) api.Response {
	list, err := a.Integrations.apps(ctx, r.Scope().Account, 0)
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, 0, len(list))
	for _, app := range list {
		out = append(out, encodeApp(app, r.Options()))
	}
	return api.OK(out)
}

func (a *HTTP) appGet(ctx context.Context, r *api.Request) api.Response {
	app, err := a.Integrations.app(ctx, r.Scope().Account, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(encodeApp(app, r.Options()))
}

// appUpload installs an app from a manifest the administrator sends.
func (a *HTTP) appUpload(ctx context.Context, r *api.Request) api.Response {
	var mf Manifest
	if err := json.Unmarshal(r.Body(), &mf); err != nil {
		return api.Fail(http.StatusBadRequest, "malformed_json", r.Message("malformed_json"))
	}
	return a.install(ctx, r, &mf, false)
}

func (a *HTTP) installer(identifier string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		mf := *a.Market.app(identifier)
		return a.install(ctx, r, &mf, true)
	}
}

func (a *HTTP) install(ctx context.Context, r *api.Request, mf *Manifest, market bool) api.Response {
	app, err := a.Integrations.Install(ctx, r.Scope().Account, mf, market, r.Scope().Actor)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(encodeApp(app, r.Options()))
}

// appInput is what an administrator changes: its name, settings and
// whether it is on. Scopes and widgets come with the manifest only.
type appInput struct {
	Settings  *map[string]string `json:"settings"`
	IsEnabled *bool              `json:"isEnabled"`
}

func (a *HTTP) appUpdate(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	app, err := a.Integrations.app(ctx, sc.Account, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	var in appInput
	if err := json.Unmarshal(r.Body(), &in); err != nil {
		return api.Fail(http.StatusBadRequest, "malformed_json", r.Message("malformed_json"))
	}
	if in.Settings != nil {
		known := map[string]bool{}
		for _, f := range app.Manifest.SettingsFields {
			known[f.Name] = true
		}
		for k, v := range *in.Settings {
			if !known[k] || len(v) > 4000 {
				return r.Fail(&entity.Invalid{Errors: []entity.FieldError{{Field: "settings", Code: CodeBadSettings}}})
			}
		}
		app.Settings = *in.Settings
	}
	if in.IsEnabled != nil {
		app.Enabled = *in.IsEnabled
	}
	settings, _ := json.Marshal(app.Settings)
	if err := a.Engine.DB.Exec(ctx, `UPDATE apps SET settings = ?, is_enabled = ? WHERE account_id = ? AND id = ?`,
		string(settings), boolInt(app.Enabled), sc.Account, app.ID); err != nil {
		return r.Fail(err)
	}
	return api.OK(encodeApp(app, r.Options()))
}

func (a *HTTP) appSwitch(on bool) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		sc := r.Scope()
		if _, err := a.Integrations.app(ctx, sc.Account, r.IDs[0]); err != nil {
			return r.Fail(err)
		}
		if err := a.Engine.DB.Exec(ctx, `UPDATE apps SET is_enabled = ? WHERE account_id = ? AND id = ?`,
			boolInt(on), sc.Account, r.IDs[0]); err != nil {
			return r.Fail(err)
		}
		return a.appGet(ctx, r)
	}
}

// appToken makes the app a new token; the old one stops working.
func (a *HTTP) appToken(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	app, err := a.Integrations.app(ctx, sc.Account, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	clear, hash := newToken()
	if err := a.Engine.DB.Exec(ctx, `UPDATE apps SET token_hash = ? WHERE account_id = ? AND id = ?`, hash, sc.Account, app.ID); err != nil {
		return r.Fail(err)
	}
	app.Token = clear
	return api.OK(encodeApp(app, r.Options()))
}

func (a *HTTP) appDrop(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	app, err := a.Integrations.app(ctx, sc.Account, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	err = a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := a.Engine.DB.Exec(ctx, `DELETE FROM app_widgets WHERE account_id = ? AND app_id = ?`, sc.Account, app.ID); err != nil {
			return err
		}
		return a.Engine.DB.Exec(ctx, `DELETE FROM apps WHERE account_id = ? AND id = ?`, sc.Account, app.ID)
	})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(encodeApp(app, r.Options()))
}

func (a *HTTP) appWidgets(ctx context.Context, r *api.Request) api.Response {
	app, err := a.Integrations.app(ctx, r.Scope().Account, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, 0, len(app.Widgets))
	for _, w := range app.Widgets {
		out = append(out, encodeWidget(w, app))
	}
	return api.OK(out)
}

func encodeApp(a *App, opt value.Options) map[string]any {
	widgets := make([]any, 0, len(a.Widgets))
	for _, w := range a.Widgets {
		widgets = append(widgets, encodeWidget(w, a))
	}
	fields := a.Manifest.SettingsFields
	if fields == nil {
		fields = []SettingsField{}
	}
	out := map[string]any{"contentType": "Integration", "id": strconv.FormatInt(a.ID, 10), "uuid": a.UUID,
		"identifier": a.Identifier, "name": a.Manifest.Name, "version": a.Manifest.Version,
		"description": a.Manifest.Description, "shortDescription": a.Manifest.ShortDescription,
		"isEnabled": a.Enabled, "isFromMarket": a.FromMarket, "installed": true, "scope": a.Scopes,
		"widgets": widgets, "widgetsCount": len(widgets), "owner": value.EncodeLink(a.Actor),
		"dateCreated": value.DateTime{}.Encode(a.Created, opt), "settings": a.Settings, "settingsFields": fields}
	if a.Token != "" {
		out["apiToken"] = a.Token
	}
	return out
}

// encodeWidget is an IntegrationWidget; application carries the app's
// scopes, which the web app checks each widget message against.
func encodeWidget(w *Widget, a *App) map[string]any {
	out := map[string]any{"contentType": "IntegrationWidget", "id": strconv.FormatInt(w.ID, 10), "uuid": w.UUID,
		"placeholder": w.Placeholder, "content": w.Content, "url": w.URL, "appId": w.App, "name": w.Name,
		"isEnabled": a == nil || a.Enabled}
	if a != nil {
		out["appName"] = a.Manifest.Name
		out["application"] = map[string]any{"contentType": "Integration", "id": strconv.FormatInt(a.ID, 10),
			"name": a.Manifest.Name, "scope": a.Scopes, "settings": a.Settings}
	}
	return out
}

package integration_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/integration"
)

func install(t *testing.T, h *apitest.Harness, path string, body any) map[string]any {
	t.Helper()
	r := h.Do("POST", path, apitest.Req{Body: body})
	if r.Status != 200 {
		t.Fatalf("install %s: %d %s", path, r.Status, r.Body)
	}
	return r.Obj()
}

// The market lists its apps with the reference's names; installing one
// gives a token that reads tasks and nothing else, that stops working
// when the app is disabled, renewed or removed.
func TestAppMarketAndToken(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		m := h.Do("GET", "/api/v3/integration/all", apitest.Req{}).Obj()
		if m["contentType"] != "Market" || m["appsCount"].(float64) < 2 || m["categoriesCount"].(float64) < 1 {
			t.Fatalf("market: %v", m)
		}
		first := m["apps"].([]any)[0].(map[string]any)
		if first["contentType"] != "Application" || first["installed"] != false || first["installBtn"] != true {
			t.Fatalf("application: %v", first)
		}
		if c := h.Do("GET", "/api/v3/integration/categories", apitest.Req{}).List(); len(c) == 0 || c[0]["contentType"] != "AppCategory" {
			t.Fatalf("categories: %v", c)
		}
		app := install(t, h, "/api/v3/integration/install/artel.api-reader", nil)
		token, _ := app["apiToken"].(string)
		id, _ := app["id"].(string)
		if app["contentType"] != "Integration" || token == "" || app["isEnabled"] != true || app["isFromMarket"] != true {
			t.Fatalf("installed: %v", app)
		}
		if r := h.Do("POST", "/api/v3/integration/install/artel.api-reader", apitest.Req{}); r.Status != 422 {
			t.Fatalf("second install: %d %s", r.Status, r.Body)
		}
		if got := h.Do("GET", "/api/v3/integration/"+id, apitest.Req{}).Obj(); got["apiToken"] != nil {
			t.Fatalf("the token is shown only once: %v", got)
		}
		apps := h.Do("GET", "/api/v3/integration/applications", apitest.Req{}).List()
		if apps[1]["installed"] != true || apps[1]["installBtn"] != false {
			t.Fatalf("applications after install: %v", apps[1])
		}
		task := h.Do("POST", "/api/v3/task", apitest.Req{Body: map[string]any{"name": "Сверка склада"}}).Obj()
		// In scope: read tasks, one by one, in a list and in a bulk call.
		if r := h.Do("GET", "/api/v3/task/"+task["id"].(string), apitest.Req{Token: token}); r.Status != 200 || r.Obj()["name"] != "Сверка склада" {
			t.Fatalf("app reads a task: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/v3/task", apitest.Req{Token: token}); r.Status != 200 || len(r.List()) != 1 {
			t.Fatalf("app lists tasks: %d %s", r.Status, r.Body)
		}
		if r := h.Do("GET", "/api/v3/currentUser", apitest.Req{Token: token}); r.Status != 200 {
			t.Fatalf("app asks who it is: %d %s", r.Status, r.Body)
		}
		// Outside: writing a task, reading deals, the installer's
		// sessions and the integrations themselves.
		for _, c := range []struct{ method, path string }{{"POST", "/api/v3/task/" + task["id"].(string)},
			{"POST", "/api/v3/task"}, {"GET", "/api/v3/deal"}, {"GET", "/api/v3/currentUser/sessions"},
			{"GET", "/api/v3/integration"}, {"GET", "/api/v3/webhook"}, {"DELETE", "/api/v3/task/" + task["id"].(string)}} {
			r := h.Do(c.method, c.path, apitest.Req{Token: token, Body: map[string]any{"name": "x"}})
			if r.Status != 403 || r.Errors()[0]["type"] != "app_scope" {
				t.Fatalf("%s %s with the app token: %d %s", c.method, c.path, r.Status, r.Body)
			}
		}
		bulk := h.Do("POST", "/api/v3/bulk", apitest.Req{Token: token, Body: map[string]any{"calls": []any{
			map[string]any{"method": "GET", "url": "/api/v3/task"}, map[string]any{"method": "GET", "url": "/api/v3/deal"}}}})
		if bulk.Status != 200 || !strings.Contains(string(bulk.Body), `"app_scope"`) {
			t.Fatalf("bulk with the app token: %d %s", bulk.Status, bulk.Body)
		}
		if h.Do("GET", "/api/v3/task", apitest.Req{Token: token + "x"}).Status != 401 {
			t.Fatal("a wrong token is not signed in")
		}
		// Off: the token stops; on again: it works.
		h.Do("POST", "/api/v3/integration/"+id+"/disable", apitest.Req{})
		if r := h.Do("GET", "/api/v3/task", apitest.Req{Token: token}); r.Status != 401 {
			t.Fatalf("a disabled app's token: %d", r.Status)
		}
		h.Do("POST", "/api/v3/integration/"+id+"/enable", apitest.Req{})
		if r := h.Do("GET", "/api/v3/task", apitest.Req{Token: token}); r.Status != 200 {
			t.Fatalf("enabled again: %d", r.Status)
		}
		renewed := h.Do("GET", "/api/v3/integration/"+id+"/regenerateToken", apitest.Req{}).Obj()["apiToken"].(string)
		if h.Do("GET", "/api/v3/task", apitest.Req{Token: token}).Status != 401 || h.Do("GET", "/api/v3/task", apitest.Req{Token: renewed}).Status != 200 {
			t.Fatal("renewal: the old token must stop and the new one work")
		}
		if r := h.Do("DELETE", "/api/v3/integration/"+id, apitest.Req{}); r.Status != 200 {
			t.Fatalf("remove: %d %s", r.Status, r.Body)
		}
		if h.Do("GET", "/api/v3/task", apitest.Req{Token: renewed}).Status != 401 || h.Do("GET", "/api/v3/integration/"+id, apitest.Req{}).Status != 404 {
			t.Fatal("a removed app is gone with its token")
		}
	})
}

// Only an administrator manages apps; a bad manifest is a 422 naming
// its fields; settings are the manifest's fields only.
func TestAppUploadAndRules(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		user := h.NewUser(t, "worker")
		if r := h.Do("GET", "/api/v3/integration", apitest.Req{Token: user}); r.Status != 403 {
			t.Fatalf("an employee lists apps: %d", r.Status)
		}
		if r := h.Do("POST", "/api/v3/integration", apitest.Req{Body: "{"}); r.Status != 400 {
			t.Fatalf("malformed: %d", r.Status)
		}
		r := h.Do("POST", "/api/v3/integration", apitest.Req{Body: map[string]any{"identifier": "X", "name": "",
			"scope": []string{"webhook:read"}, "widgets": []any{map[string]any{"placeholder": "nowhere", "content": "<p>"},
				map[string]any{"placeholder": "task_card_top"}}}})
		fields := map[string]string{}
		for _, e := range r.Errors() {
			fields[e["field"].(string)] = e["type"].(string)
		}
		if r.Status != 422 || fields["name"] != "required" || fields["identifier"] != integration.CodeBadIdentifier ||
			fields["scope"] != integration.CodeBadScope || fields["widgets[0].placeholder"] != integration.CodeBadPlaceholder ||
			fields["widgets[1]"] != integration.CodeBadWidget {
			t.Fatalf("bad manifest: %d %s", r.Status, r.Body)
		}
		if n := len(h.Do("GET", "/api/v3/integration", apitest.Req{}).List()); n != 0 {
			t.Fatalf("a refused manifest left %d apps", n)
		}
		app := install(t, h, "/api/v3/integration", map[string]any{"identifier": "acme.board", "name": "Acme board",
			"scope": []string{"deal:write"}, "settingsFields": []any{map[string]any{"name": "apiKey", "title": "Key"}},
			"widgets": []any{map[string]any{"placeholder": "deal_card_top", "name": "Board", "content": "<b>hi</b>"},
				map[string]any{"placeholder": "task_list", "url": "https://board.example.com/w"}}})
		id := app["id"].(string)
		if app["isFromMarket"] != false || app["widgetsCount"].(float64) != 2 {
			t.Fatalf("uploaded: %v", app)
		}
		if r := h.Do("POST", "/api/v3/integration/"+id, apitest.Req{Body: map[string]any{"settings": map[string]any{"other": "1"}}}); r.Status != 422 {
			t.Fatalf("unknown setting: %d %s", r.Status, r.Body)
		}
		got := h.Do("POST", "/api/v3/integration/"+id, apitest.Req{Body: map[string]any{"settings": map[string]any{"apiKey": "k-1"}}}).Obj()
		if got["settings"].(map[string]any)["apiKey"] != "k-1" {
			t.Fatalf("settings: %v", got)
		}
		// Any signed-in person reads the widgets at a placeholder; a
		// disabled app's are gone.
		ws := h.Do("GET", "/api/v3/integrationWidget"+apitest.Q(`{"placeholders":["deal_card_top"]}`), apitest.Req{Token: user}).List()
		if len(ws) != 1 || ws[0]["contentType"] != "IntegrationWidget" || ws[0]["appName"] != "Acme board" ||
			ws[0]["application"].(map[string]any)["scope"].([]any)[0] != "deal:write" {
			t.Fatalf("widgets: %v", ws)
		}
		uuid := ws[0]["uuid"].(string)
		// Artel serves the code with a policy that sandboxes it.
		res, err := http.Get(h.URL + integration.WidgetPrefix + uuid)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		csp := res.Header.Get("Content-Security-Policy")
		if res.StatusCode != 200 || string(body) != "<b>hi</b>" || !strings.HasPrefix(csp, "sandbox allow-scripts;") ||
			strings.Contains(csp, "allow-same-origin") || !strings.Contains(csp, "connect-src 'none'") {
			t.Fatalf("served widget: %d %q %q", res.StatusCode, body, csp)
		}
		h.Do("POST", "/api/v3/integration/"+id+"/disable", apitest.Req{})
		if ws := h.Do("GET", "/api/v3/integrationWidget", apitest.Req{Token: user}).List(); len(ws) != 0 {
			t.Fatalf("a disabled app's widgets: %v", ws)
		}
		if res, _ := http.Get(h.URL + integration.WidgetPrefix + uuid); res.StatusCode != 404 {
			t.Fatalf("a disabled app's code is served: %d", res.StatusCode)
		}
	})
}

// An app acts as its installer, so its token stops when the installer may
// no longer sign in (dismissed, or sign-in switched off).
func TestAppTokenStopsWithItsInstaller(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		levID, lev := h.Person(t, "Лев", "lev@example.com", "long enough pass")
		if r := h.Do("POST", "/api/v3/rightsGroup", apitest.Req{Body: map[string]any{"name": "Вторые администраторы",
			"actions": []string{"employee_groups"}, "members": []any{apitest.Link("Employee", levID)}}}); r.Status != 200 {
			t.Fatalf("admins: %s", r.Body)
		}
		r := h.Do("POST", "/api/v3/integration/install/artel.api-reader", apitest.Req{Token: lev})
		if r.Status != 200 {
			t.Fatalf("install: %d %s", r.Status, r.Body)
		}
		token := r.Obj()["apiToken"].(string)
		if r := h.Do("GET", "/api/v3/task", apitest.Req{Token: token}); r.Status != 200 {
			t.Fatalf("before: %d %s", r.Status, r.Body)
		}
		if r := h.Do("POST", "/api/v3/employee/"+levID, apitest.Req{Body: map[string]any{"canLogin": false}}); r.Status != 200 {
			t.Fatalf("sign-in off: %s", r.Body)
		}
		if r := h.Do("GET", "/api/v3/task", apitest.Req{Token: token}); r.Status != 401 {
			t.Fatalf("after: %d %s", r.Status, r.Body)
		}
	})
}

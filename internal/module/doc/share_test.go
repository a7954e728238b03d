package doc_test

import (
	"strings"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// A share link opens a document's actual version without sign-in and
// nothing else; a password guards it when set; it stops working when it
// expires, is revoked, or its document is dropped; only editors make,
// list and revoke links.
func TestShareLinks(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		c.give(t, apitest.Link("DocFolder", c.root), apitest.Link("Employee", c.ivanID), "reader")
		f := must(t, h.Upload(t, c.olga, "смета.csv", []byte("a,b\n1,2\n")))
		doc := must(t, c.do("POST", "/doc", c.olga, map[string]any{"name": "Смета <script>", "folder": apitest.Link("DocFolder", c.root),
			"content": apitest.Link("File", f["id"].(string))}))["id"].(string)
		d := "/doc/" + doc
		public := func(method, path string, form map[string]string) *apitest.Resp {
			return h.Do(method, path, apitest.Req{NoAuth: true, Form: form})
		}
		open := must(t, c.do("POST", d+"/shares", c.olga, map[string]any{}))
		url, _ := open["url"].(string)
		if !strings.HasPrefix(url, "/share/") || len(url) < 30 {
			t.Fatalf("the link: %v", open)
		}
		page := public("GET", url, nil)
		if page.Status != 200 || !strings.Contains(string(page.Body), "смета.csv") ||
			!strings.Contains(string(page.Body), "Смета &lt;script&gt;") || strings.Contains(string(page.Body), "<script>") {
			t.Errorf("the page: %d %s", page.Status, page.Body)
		}
		if ap := page.Header.Get("Content-Security-Policy"); !strings.Contains(ap, "default-src 'none'") {
			t.Errorf("the page's policy: %q", ap)
		}
		dl := public("GET", url+"/download", nil)
		if dl.Status != 200 || string(dl.Body) != "a,b\n1,2\n" || !strings.HasPrefix(dl.Header.Get("Content-Disposition"), "attachment") {
			t.Errorf("the download: %d %s %v", dl.Status, dl.Body, dl.Header)
		}
		for _, p := range []string{"/share/", "/share/x", url + "x", url + "/download/x", "/share/../api/v3/doc/" + doc,
			"/share/%2e%2e%2fapi%2fv3%2fdoc%2f" + doc} {
			if r := public("GET", p, nil); r.Status == 200 || strings.Contains(string(r.Body), "Смета") {
				t.Errorf("%s: %d %s", p, r.Status, r.Body)
			}
		}
		if r := public("GET", "/api/v3"+d, nil); r.Status == 200 {
			t.Error("the link's holder reads the API")
		}

		guarded := must(t, c.do("POST", d+"/shares", c.olga, map[string]any{"password": "пароль 1",
			"expires": map[string]any{"contentType": "DateTime", "value": time.Now().Add(time.Hour).UTC().Format(time.RFC3339)}}))
		gurl := guarded["url"].(string)
		if guarded["hasPassword"] != true || guarded["expires"] == nil {
			t.Errorf("a guarded link: %v", guarded)
		}
		if r := public("GET", gurl, nil); r.Status != 401 || strings.Contains(string(r.Body), "смета") {
			t.Errorf("no password: %d %s", r.Status, r.Body)
		}
		if r := public("GET", gurl+"/download", nil); r.Status != 401 || strings.Contains(string(r.Body), "a,b") {
			t.Errorf("a download with no password: %d %s", r.Status, r.Body)
		}
		if r := public("POST", gurl+"/download", map[string]string{"password": "пароль 2"}); r.Status != 401 {
			t.Errorf("a wrong password: %d", r.Status)
		}
		if r := public("POST", gurl+"/download", map[string]string{"password": "пароль 1"}); r.Status != 200 || string(r.Body) != "a,b\n1,2\n" {
			t.Errorf("the right password: %d %s", r.Status, r.Body)
		}

		list := c.do("GET", d+"/shares", c.olga, nil).List()
		if len(list) != 2 || list[0]["url"] != nil {
			t.Errorf("the links, without their addresses: %v", list)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "a reader makes no link", Method: "POST", Path: "/api/v3" + d + "/shares", Status: 403, Req: apitest.Req{Token: c.ivan, Body: map[string]any{}}},
			{Name: "a reader lists no links", Method: "GET", Path: "/api/v3" + d + "/shares", Status: 403, Req: apitest.Req{Token: c.ivan}},
			{Name: "a stranger revokes nothing", Method: "DELETE", Path: "/api/v3" + d + "/shares/" + open["id"].(string), Status: 404,
				Req: apitest.Req{Token: c.nina}},
			{Name: "an expiry passed", Method: "POST", Path: "/api/v3" + d + "/shares", Status: 422, Req: apitest.Req{Token: c.olga,
				Body: map[string]any{"expires": map[string]any{"contentType": "DateTime", "value": "2001-01-01T00:00:00+00:00"}}},
				Contains: []string{"doc_share_expired"}},
			{Name: "an expiry not a date", Method: "POST", Path: "/api/v3" + d + "/shares", Status: 422, Req: apitest.Req{Token: c.olga,
				Body: map[string]any{"expires": "soon"}}},
			{Name: "a body not JSON", Method: "POST", Path: "/api/v3" + d + "/shares", Status: 400, Req: apitest.Req{Token: c.olga, Body: "{"}},
		})
		must(t, c.do("DELETE", d+"/shares/"+open["id"].(string), c.olga, nil))
		if r := public("GET", url, nil); r.Status != 404 {
			t.Errorf("a revoked link: %d", r.Status)
		}
		must(t, c.do("DELETE", d, c.olga, nil))
		if r := public("POST", gurl+"/download", map[string]string{"password": "пароль 1"}); r.Status != 404 {
			t.Errorf("the link of a dropped document: %d", r.Status)
		}
	})
}

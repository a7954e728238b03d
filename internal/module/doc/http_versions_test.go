package doc_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Every save of a document's text or file makes a version with its
// author and time; an old version restored is saved as the newest, and
// the history stays whole.
func TestVersions(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		c.give(t, apitest.Link("DocFolder", c.root), apitest.Link("Employee", c.ivanID), "editor")
		doc := c.text(t, c.root, c.olga, "Регламент", "<p>Первая редакция</p>")
		d := "/doc/" + doc
		must(t, c.do("POST", d+"/newVersion", c.ivan, map[string]any{"contentType": "DocVersion",
			"content": "<p>Вторая редакция</p>", "comment": "сроки"}))
		vs := c.do("GET", d+"/versions", c.olga, nil).List()
		if len(vs) != 2 {
			t.Fatalf("versions: %v", vs)
		}
		if vs[0]["revision"] != float64(2) || vs[0]["content"] != "<p>Вторая редакция</p>" || vs[0]["comment"] != "сроки" ||
			vs[0]["userCreated"].(map[string]any)["id"] != c.ivanID || vs[0]["timeCreated"] == nil ||
			vs[1]["revision"] != float64(1) || vs[1]["userCreated"].(map[string]any)["id"] != c.olgaID ||
			vs[0]["mimeType"] != "text/html" || vs[0]["editAbility"] != "allowed" {
			t.Fatalf("versions: %v", vs)
		}
		first := vs[1]["id"].(string)
		got := must(t, c.do("POST", d+"/setActualVersion", c.ivan, apitest.Link("DocVersion", first)))
		actual := got["actualVersion"].(map[string]any)["id"].(string)
		a := must(t, c.do("GET", d+"/actualVersion", c.olga, nil))
		if a["id"] != actual || a["revision"] != float64(3) || a["content"] != "<p>Первая редакция</p>" {
			t.Errorf("restored: %v", a)
		}
		if r := must(t, c.do("GET", d+"/versionByRevision/2", c.olga, nil)); r["content"] != "<p>Вторая редакция</p>" {
			t.Errorf("revision 2 stays: %v", r)
		}
		if n := len(c.do("GET", d+"/versions", c.olga, nil).List()); n != 3 {
			t.Errorf("versions after restore: %d", n)
		}
		c.give(t, apitest.Link("Doc", doc), apitest.Link("Employee", c.ninaID), "reader")
		if v := must(t, c.do("GET", d+"/actualVersion", c.nina, nil)); v["editAbility"] != "forbidden_by_rights" {
			t.Errorf("a reader's edit ability: %v", v)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "a version of another document", Method: "POST", Path: "/api/v3" + d + "/setActualVersion", Status: 422,
				Req:      apitest.Req{Token: c.olga, Body: apitest.Link("DocVersion", "999999")},
				Contains: []string{"doc_version_not_found"}},
			{Name: "a reader restores nothing", Method: "POST", Path: "/api/v3" + d + "/setActualVersion", Status: 403,
				Req: apitest.Req{Token: c.nina, Body: apitest.Link("DocVersion", first)}},
			{Name: "no such revision", Method: "GET", Path: "/api/v3" + d + "/versionByRevision/99", Status: 404,
				Req: apitest.Req{Token: c.olga}},
			{Name: "the versions of an unseen document", Method: "GET", Path: "/api/v3" + d + "/versions", Status: 404,
				Req: apitest.Req{Token: c.pavel}},
			{Name: "a version is not edited", Method: "POST", Path: "/api/v3/docVersion/" + first, Status: 403,
				Req: apitest.Req{Token: c.olga, Body: map[string]any{"name": "x"}}},
			{Name: "a version is not dropped", Method: "DELETE", Path: "/api/v3/docVersion/" + first, Status: 403,
				Req: apitest.Req{Token: c.olga}},
			{Name: "an unseen version", Method: "GET", Path: "/api/v3/docVersion/" + first, Status: 404,
				Req: apitest.Req{Token: c.pavel}},
		})
	})
}

// A file document's versions are its uploads; whoever reads the document
// downloads them; a text is not written over a file.
func TestFileVersions(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		up := func(name, data string) string {
			t.Helper()
			return must(t, h.Upload(t, c.olga, name, []byte(data)))["id"].(string)
		}
		f1 := up("смета.csv", "a,b\n1,2\n")
		doc := must(t, c.do("POST", "/doc", c.olga, map[string]any{"name": "Смета",
			"folder": apitest.Link("DocFolder", c.root), "content": apitest.Link("File", f1)}))["id"].(string)
		d := "/doc/" + doc
		f2 := up("смета-2.csv", "a,b\n3,4\n")
		must(t, c.do("POST", d+"/newVersion", c.olga, apitest.Link("File", f2)))
		vs := c.do("GET", d+"/versions", c.olga, nil).List()
		if len(vs) != 2 || vs[0]["content"].(map[string]any)["id"] != f2 || vs[0]["name"] != "смета-2.csv" ||
			vs[0]["editAbility"] != "forbidden_by_file" || !strings.HasPrefix(vs[0]["mimeType"].(string), "text/csv") {
			t.Fatalf("file versions: %v", vs)
		}
		if r := c.do("GET", "/file/"+f1+"/download", c.ivan, nil); r.Status != 404 {
			t.Errorf("a stranger downloads: %d", r.Status)
		}
		c.give(t, apitest.Link("DocFolder", c.root), apitest.Link("Employee", c.ivanID), "reader")
		if r := c.do("GET", "/file/"+f1+"/download", c.ivan, nil); r.Status != 200 || string(r.Body) != "a,b\n1,2\n" {
			t.Errorf("a reader downloads an old version: %d %s", r.Status, r.Body)
		}
		nf := must(t, h.Upload(t, c.nina, "чужой.txt", []byte("x")))["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "a text over a file", Method: "POST", Path: "/api/v3" + d + "/newVersion", Status: 422,
				Req: apitest.Req{Token: c.olga, Body: map[string]any{"content": "x"}}, Contains: []string{"doc_not_text"}},
			{Name: "another's file by its id", Method: "POST", Path: "/api/v3" + d + "/newVersion", Status: 422,
				Req: apitest.Req{Token: c.olga, Body: apitest.Link("File", nf)}, Contains: []string{`"field":"content"`}},
			{Name: "content neither file nor text", Method: "POST", Path: "/api/v3" + d + "/newVersion", Status: 422,
				Req: apitest.Req{Token: c.olga, Body: map[string]any{"content": 42}}, Contains: []string{"doc_bad_content"}},
			{Name: "a body that is no object", Method: "POST", Path: "/api/v3" + d + "/newVersion", Status: 422,
				Req: apitest.Req{Token: c.olga, Body: "[1]"}, Contains: []string{"doc_bad_content"}},
		})
		if n := len(c.do("GET", d+"/versions", c.olga, nil).List()); n != 2 {
			t.Errorf("versions after the refusals: %d", n)
		}
		// A dropped document takes its versions and rights along.
		must(t, c.do("DELETE", d, c.olga, nil))
		if r := c.do("GET", "/docVersion/"+vs[1]["id"].(string), h.Token, nil); r.Status != 404 {
			t.Errorf("a dropped document's version: %d", r.Status)
		}
	})
}

// A document made without content is a text with no version yet; its
// first save is version 1.
func TestEmptyTextDocument(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		d := must(t, c.do("POST", "/doc", c.olga, map[string]any{"name": "Черновик", "folder": apitest.Link("DocFolder", c.root)}))
		if d["actualVersion"] != nil {
			t.Errorf("a version before any save: %v", d["actualVersion"])
		}
		p := "/doc/" + d["id"].(string)
		if r := c.do("GET", p+"/actualVersion", c.olga, nil); r.Status != 404 {
			t.Errorf("actualVersion of an unsaved text: %d", r.Status)
		}
		must(t, c.do("POST", p+"/newVersion", c.olga, map[string]any{"content": "<p>Начало</p>"}))
		if v := must(t, c.do("GET", p+"/actualVersion", c.olga, nil)); v["revision"] != float64(1) || v["content"] != "<p>Начало</p>" {
			t.Errorf("the first save: %v", v)
		}
	})
}

// Two people edit one text at once: the second save, made from the
// revision both started on, is refused with the newer revision named,
// so it does not overwrite the first; saved again from that revision, it
// goes through, and both texts stay in the history.
func TestConcurrentEdits(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		c.give(t, apitest.Link("DocFolder", c.root), apitest.Link("Employee", c.ivanID), "editor")
		d := "/doc/" + c.text(t, c.root, c.olga, "Протокол", "<p>Начало</p>")
		save := func(token, text string, base int) *apitest.Resp {
			return c.do("POST", d+"/newVersion", token, map[string]any{"contentType": "DocVersion", "content": text, "revision": base})
		}
		must(t, save(c.olga, "<p>Начало. Ольга</p>", 1))
		r := save(c.ivan, "<p>Начало. Иван</p>", 1)
		if r.Status != 422 || !strings.Contains(string(r.Body), "doc_edit_conflict") || !strings.Contains(string(r.Body), "2") {
			t.Fatalf("a stale save: %d %s", r.Status, r.Body)
		}
		must(t, save(c.ivan, "<p>Начало. Ольга. Иван</p>", 2))
		vs := c.do("GET", d+"/versions", c.olga, nil).List()
		if len(vs) != 3 || vs[0]["content"] != "<p>Начало. Ольга. Иван</p>" || vs[1]["content"] != "<p>Начало. Ольга</p>" {
			t.Errorf("history: %v", vs)
		}
		if r := save(c.olga, "x", -1); r.Status != 422 {
			t.Errorf("a negative revision: %d", r.Status)
		}
	})
}

// A text document is found by the words of its actual text (q on the
// documents' list, GET /search), and only by who sees it.
func TestSearchText(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		d := "/doc/" + c.text(t, c.root, c.olga, "Регламент", "<p>Командировки оформляет <b>отдел кадров</b></p>")
		found := func(token, q string) int {
			t.Helper()
			return len(c.do("GET", "/doc"+apitest.Q(`{"q":"`+q+`"}`), token, nil).List())
		}
		if found(c.olga, "командировка") != 1 || found(c.olga, "кадры") != 1 || found(c.olga, "регламент") != 1 {
			t.Errorf("by the text's words: %s", c.do("GET", "/doc"+apitest.Q(`{"q":"командировка"}`), c.olga, nil).Body)
		}
		if found(c.olga, "b") != 0 {
			t.Error("the markup is not words")
		}
		if found(c.nina, "командировка") != 0 {
			t.Error("found by who does not see it")
		}
		across := func(token string) string {
			return string(c.do("GET", "/search"+apitest.Q(`{"q":"командировка","contentTypes":["Doc"]}`), token, nil).Body)
		}
		if !strings.Contains(across(c.olga), `"contentType":"Doc"`) || strings.Contains(across(c.nina), `"contentType":"Doc"`) {
			t.Errorf("the search across areas: %s / %s", across(c.olga), across(c.nina))
		}
		must(t, c.do("POST", d+"/newVersion", c.olga, map[string]any{"content": "<p>Отпуск согласует руководитель</p>"}))
		must(t, c.do("POST", d, c.olga, map[string]any{"description": "Порядок"}))
		if found(c.olga, "командировка") != 0 || found(c.olga, "отпуск") != 1 || found(c.olga, "порядок") != 1 {
			t.Error("the search follows the actual text and the description")
		}
	})
}

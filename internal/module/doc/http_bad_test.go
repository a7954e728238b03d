package doc_test

import (
	"context"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// counts is how many folders, documents and versions are stored, to show
// a refused call wrote nothing.
func counts(t *testing.T, h *apitest.Harness) [3]int {
	t.Helper()
	var out [3]int
	for i, table := range []string{"e_docfolder", "e_doc", "e_docversion"} {
		if err := h.DB.Q(context.Background()).QueryRowContext(context.Background(), "SELECT COUNT(*) FROM "+table).Scan(&out[i]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// Names that could pass for a path are refused; an uploaded file's name
// is cut to its last part, so a document made from it names no path.
func TestHostileNames(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		rootL := apitest.Link("DocFolder", c.root)
		f := must(t, h.Upload(t, c.olga, `..\..\..//etc/../../passwd`, []byte("root:x:0:0")))
		if f["name"] != "passwd" {
			t.Fatalf("the uploaded name: %v", f["name"])
		}
		d := must(t, c.do("POST", "/doc", c.olga, map[string]any{"name": f["name"], "folder": rootL,
			"content": apitest.Link("File", f["id"].(string))}))
		v := must(t, c.do("GET", "/doc/"+d["id"].(string)+"/actualVersion", c.olga, nil))
		if v["name"] != "passwd" {
			t.Errorf("the version's name: %v", v["name"])
		}
		dl := c.do("GET", "/file/"+f["id"].(string)+"/download", c.olga, nil)
		if cd := dl.Header.Get("Content-Disposition"); strings.Contains(cd, "/") || strings.Contains(cd, `\`) {
			t.Errorf("the download names a path: %s", cd)
		}
		before := counts(t, h)
		var sc []apitest.Scenario
		for _, name := range []string{"../../etc/passwd", `..\secret`, "..", ".", "a/b", "  ", "line\nbreak", "tab\there"} {
			sc = append(sc,
				apitest.Scenario{Name: "folder " + name, Method: "POST", Path: "/api/v3/docFolder", Status: 422,
					Req: apitest.Req{Token: c.olga, Body: map[string]any{"name": name, "parent": rootL}}, Contains: []string{`"field":"name"`}},
				apitest.Scenario{Name: "doc " + name, Method: "POST", Path: "/api/v3/doc", Status: 422,
					Req: apitest.Req{Token: c.olga, Body: map[string]any{"name": name, "folder": rootL}}, Contains: []string{`"field":"name"`}},
			)
		}
		sc = append(sc, apitest.Scenario{Name: "rename to a path", Method: "POST", Path: "/api/v3/doc/" + d["id"].(string), Status: 422,
			Req: apitest.Req{Token: c.olga, Body: map[string]any{"name": "../x"}}, Contains: []string{"doc_bad_name"}})
		h.Run(t, sc)
		if after := counts(t, h); after != before {
			t.Errorf("the refusals wrote: %v -> %v", before, after)
		}
	})
}

// Malformed bodies and missing ids answer 4xx, never 500, and write
// nothing; a folder with content is not dropped; a folder never moves
// inside itself.
func TestBadInput(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		sub := c.folder(t, c.root, c.olga, "2026")
		doc := c.text(t, sub, c.olga, "План", "<p>План</p>")
		before := counts(t, h)
		tok := apitest.Req{Token: c.olga}
		with := func(body any) apitest.Req { return apitest.Req{Token: c.olga, Body: body} }
		h.Run(t, []apitest.Scenario{
			{Name: "a folder under a missing one", Method: "POST", Path: "/api/v3/docFolder", Status: 404,
				Req: with(map[string]any{"name": "x", "parent": apitest.Link("DocFolder", "999999")})},
			{Name: "a document in an unseen folder", Method: "POST", Path: "/api/v3/doc", Status: 404,
				Req: apitest.Req{Token: c.nina, Body: map[string]any{"name": "x", "folder": apitest.Link("DocFolder", c.root)}}},
			{Name: "a document's body not JSON", Method: "POST", Path: "/api/v3/doc", Status: 400, Req: with("{")},
			{Name: "a document's content a number", Method: "POST", Path: "/api/v3/doc", Status: 422,
				Req: with(map[string]any{"name": "x", "folder": apitest.Link("DocFolder", c.root), "content": 5}), Contains: []string{"doc_bad_content"}},
			{Name: "a document of a missing file", Method: "POST", Path: "/api/v3/doc", Status: 422,
				Req:      with(map[string]any{"name": "x", "folder": apitest.Link("DocFolder", c.root), "content": apitest.Link("File", "999999")}),
				Contains: []string{`"field":"content"`}},
			{Name: "a folder with content", Method: "DELETE", Path: "/api/v3/docFolder/" + c.root, Status: 422, Req: tok,
				Contains: []string{"doc_folder_not_empty"}},
			{Name: "a folder into itself", Method: "POST", Path: "/api/v3/docFolder/" + c.root, Status: 422,
				Req: with(map[string]any{"parent": apitest.Link("DocFolder", c.root)}), Contains: []string{"doc_move_cycle"}},
			{Name: "a folder into its child", Method: "POST", Path: "/api/v3/docFolder/" + c.root, Status: 422,
				Req: with(map[string]any{"parent": apitest.Link("DocFolder", sub)}), Contains: []string{"doc_move_cycle"}},
			{Name: "a missing document", Method: "GET", Path: "/api/v3/doc/999999", Status: 404, Req: tok},
			{Name: "a missing document's versions", Method: "GET", Path: "/api/v3/doc/999999/versions", Status: 404, Req: tok},
			{Name: "a new version of a missing document", Method: "POST", Path: "/api/v3/doc/999999/newVersion", Status: 404,
				Req: with(map[string]any{"content": "x"})},
			{Name: "restore with no version", Method: "POST", Path: "/api/v3/doc/" + doc + "/setActualVersion", Status: 422,
				Req: with(map[string]any{"x": 1})},
			{Name: "a bad parentFolder", Method: "GET", Path: "/api/v3/doc" + apitest.Q(`{"parentFolder":"abc"}`), Status: 422, Req: tok},
			{Name: "a path of a missing document", Method: "GET", Path: "/api/v3/doc/999999/path", Status: 404, Req: tok},
		})
		if after := counts(t, h); after != before {
			t.Errorf("the refusals wrote: %v -> %v", before, after)
		}
		list := c.do("GET", "/doc"+apitest.Q(`{"parentFolder":{"contentType":"DocFolder","id":"`+sub+`"}}`), c.olga, nil).List()
		if len(list) != 1 || list[0]["id"] != doc {
			t.Errorf("the folder's documents: %v", list)
		}
		roots := c.do("GET", "/docFolder"+apitest.Q(`{"parentFolder":null}`), c.olga, nil).List()
		if len(roots) != 1 || roots[0]["id"] != c.root {
			t.Errorf("the root folders: %v", roots)
		}
		path := c.do("GET", "/doc/"+doc+"/path", c.olga, nil).List()
		if len(path) != 2 || path[0]["id"] != c.root || path[1]["id"] != sub {
			t.Errorf("the path: %v", path)
		}
		if r := c.do("GET", "/doc"+apitest.Q(`{"q":"План"}`), c.olga, nil).List(); len(r) != 1 {
			t.Errorf("search by name: %v", r)
		}
	})
}

package space_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Bad input is a 4xx naming the field, never a 500, and a refused call
// leaves nothing behind.
func TestBadInput(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		o := newOffice(t, h)
		sp := o.add(t, o.annaTok, "", "Space", "Пространство")
		page := o.add(t, o.annaTok, sp, "Note", "Страница")
		w := o.must(t, "POST", "element/"+sp+"/widget", o.annaTok, map[string]any{"layoutType": "Table", "element": map[string]any{"title": "Задачи"},
			"source": map[string]any{"contentType": "TaskDesktopWidget"}})["id"].(string)
		for _, c := range []struct {
			name, method, path string
			body               any
			status             int
			field, typ         string
		}{
			{"malformed JSON", "POST", "section/private", `{"title":`, 400, "", "malformed_json"},
			{"malformed members", "POST", "element/" + sp + "/member/add", `[{`, 400, "", "malformed_json"},
			{"an unknown type", "POST", "section/private", map[string]any{"type": "Folder", "title": "x"}, 422, "type", "space_bad_type"},
			{"a widget by the tree's route", "POST", "section/all", map[string]any{"type": "Widget", "title": "x"}, 422, "type", "space_bad_type"},
			{"no title", "POST", "section/all", map[string]any{"type": "Space"}, 422, "title", "required"},
			{"a blank title", "PATCH", "element/" + sp, map[string]any{"title": "  "}, 422, "title", "required"},
			{"a title too long", "POST", "section/private", map[string]any{"title": strings.Repeat("я", 256)}, 422, "title", "too_long"},
			{"a title that is no text", "PATCH", "element/" + sp, map[string]any{"title": 5}, 422, "element", "invalid_type"},
			{"no such element", "GET", "element/999999", nil, 404, "", ""},
			{"under no such element", "POST", "element/999999/children", map[string]any{"title": "x"}, 404, "", ""},
			{"no such section", "GET", "section/trash", nil, 404, "", ""},
			{"a limit that is no count", "GET", "element" + apitest.Q(`{"limit":"many"}`), nil, 422, "limit", "invalid_type"},
			{"excludeIds that are no list", "GET", "recents" + apitest.Q(`{"excludeIds":5}`), nil, 422, "excludeIds", "invalid_type"},
			{"a move nowhere", "POST", "element/" + sp + "/move", map[string]any{}, 422, "id", "required"},
			{"a move into a widget", "POST", "element/" + sp + "/move", el(w), 422, "id", "space_not_container"},
			{"a level of no kind", "POST", "element/" + sp + "/member/add", []any{member(o.boris, "owner")}, 422, "accessLevel", "space_bad_level"},
			{"a client as member", "POST", "element/" + sp + "/member/add", []any{map[string]any{"member": apitest.Link("ContractorCompany", "1")}}, 422, "member", "space_bad_member"},
			{"a member who is not there", "POST", "element/" + sp + "/member/add", []any{member("999999", "read")}, 422, "member", "link_not_found"},
			{"a level change with no level", "POST", "element/" + sp + "/member/access", member(o.boris, ""), 422, "accessLevel", "required"},
			{"a note of a space", "POST", "note/" + sp, map[string]any{"text": "x"}, 404, "", ""},
			{"a text that is no text", "POST", "note/" + page, map[string]any{"text": 1}, 422, "text", "invalid_type"},
			{"copyData of no kind", "POST", "element/" + sp + "/clone", map[string]any{"copyData": "yes"}, 422, "copyData", "invalid_type"},
		} {
			var r *apitest.Resp
			if s, ok := c.body.(string); ok {
				r = h.Do(c.method, "/api/v3/spaces/"+c.path, apitest.Req{Token: o.annaTok, Body: s, ContentType: "application/json"})
			} else {
				r = o.call(c.method, c.path, o.annaTok, c.body)
			}
			if r.Status != c.status {
				t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
				continue
			}
			if c.typ != "" && (len(r.Errors()) == 0 || r.Errors()[0]["type"] != c.typ || (c.field != "" && r.Errors()[0]["field"] != c.field)) {
				t.Errorf("%s: %s", c.name, r.Body)
			}
		}
		// Two members, the second refused: neither is given.
		r := o.call("POST", "element/"+sp+"/member/add", o.annaTok, []any{member(o.boris, "edit"), member("999999", "read")})
		if r.Status != 422 {
			t.Fatalf("the pair: %d %s", r.Status, r.Body)
		}
		if r := o.call("GET", "element/"+sp, o.borTok, nil); r.Status != 404 {
			t.Errorf("Boris was given access by a refused call: %d", r.Status)
		}
		if got := titles(o.call("GET", "section/private", o.annaTok, nil).List()); len(got) != 1 || len(o.call("GET", "section/all", o.annaTok, nil).List()) != 0 {
			t.Errorf("refused creations left elements: %v", got)
		}
		// Every employee adds to the company's root.
		if lvl := o.call("GET", "section/all/accessLevel", o.borTok, nil).Data(); lvl != "write" {
			t.Errorf("Boris's level at the company's root: %v", lvl)
		}
	})
}

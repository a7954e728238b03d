package doc_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Rights on a folder pass down to its subfolders and documents; a right
// given to the same employee, department or group on a subfolder
// overrides what it inherited there and below; a person's role is the
// strongest of their own, their department's and their groups'.
func TestRightsInheritance(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		sub := c.folder(t, c.root, c.olga, "2026")
		deep := c.folder(t, sub, c.olga, "Март")
		doc := c.text(t, deep, c.olga, "Договор поставки", "<p>Текст</p>")
		rootL, subL := apitest.Link("DocFolder", c.root), apitest.Link("DocFolder", sub)
		d := "/doc/" + doc
		check := func(name, method, path, token string, body any, status int) {
			t.Helper()
			if r := c.do(method, path, token, body); r.Status != status {
				t.Errorf("%s: %d, want %d: %s", name, r.Status, status, r.Body)
			}
		}
		for _, tok := range []string{c.ivan, c.lena, c.pavel, c.nina} {
			if got := c.seen(t, d, tok); got != "unseen" {
				t.Errorf("no right yet: %s", got)
			}
		}
		if l := c.do("GET", "/docFolder", c.nina, nil).List(); len(l) != 0 {
			t.Errorf("nobody's folders: %v", l)
		}
		if l := c.do("GET", "/doc", c.nina, nil).List(); len(l) != 0 {
			t.Errorf("nobody's documents: %v", l)
		}
		if l := c.do("GET", "/doc", c.olga, nil).List(); len(l) != 1 {
			t.Errorf("the owner's documents: %v", l)
		}
		if l := c.do("GET", "/docFolder", c.olga, nil).List(); len(l) != 3 {
			t.Errorf("the owner's folders: %v", l)
		}
		if got := c.seen(t, d, c.olga); got != "edit" {
			t.Errorf("the root's owner on a document three levels down: %s", got)
		}

		c.give(t, rootL, apitest.Link("Employee", c.ivanID), "reader")
		if got := c.seen(t, d, c.ivan); got != "read" {
			t.Errorf("a reader of the root, down the tree: %s", got)
		}
		check("a reader writes no version", "POST", d+"/newVersion", c.ivan, map[string]any{"content": "x"}, 403)
		check("a reader makes no folder", "POST", "/docFolder", c.ivan, map[string]any{"name": "x", "parent": subL}, 403)
		check("a reader renames nothing", "POST", d, c.ivan, map[string]any{"name": "x"}, 403)

		c.give(t, subL, apitest.Link("Employee", c.ivanID), "editor")
		if got := c.seen(t, d, c.ivan); got != "edit" {
			t.Errorf("an editor on the subfolder overrides below it: %s", got)
		}
		if got := c.seen(t, "/docFolder/"+c.root, c.ivan); got != "read" {
			t.Errorf("but not above it: %s", got)
		}
		check("an editor writes a version", "POST", d+"/newVersion", c.ivan, map[string]any{"content": "<p>Правка</p>"}, 200)
		check("an editor adds a folder", "POST", "/docFolder", c.ivan, map[string]any{"name": "Апрель", "parent": subL}, 200)
		check("an editor gives no rights", "POST", "/docRights", c.ivan, map[string]any{"subject": subL,
			"user": apitest.Link("Employee", c.ninaID), "rights": "reader"}, 403)

		// An override lowers as well as raises.
		c.give(t, rootL, apitest.Link("Department", c.dept), "editor")
		c.give(t, subL, apitest.Link("Department", c.dept), "reader")
		if got := c.seen(t, "/docFolder/"+c.root, c.lena); got != "read" {
			t.Errorf("the department's editor on the root: folders are changed by owners: %s", got)
		}
		if got := c.seen(t, d, c.lena); got != "read" {
			t.Errorf("the department lowered to reader on the subfolder: %s", got)
		}
		check("so she writes nothing there", "POST", d+"/newVersion", c.lena, map[string]any{"content": "x"}, 403)

		c.give(t, apitest.Link("DocFolder", deep), apitest.Link("Group", c.group), "editor")
		if got := c.seen(t, d, c.pavel); got != "edit" {
			t.Errorf("through the group on the deepest folder: %s", got)
		}
		if got := c.seen(t, "/docFolder/"+sub, c.pavel); got != "unseen" {
			t.Errorf("the group sees nothing above: %s", got)
		}

		// A document may stop inheriting: only its own rights count.
		check("an editor does not cut inheritance", "POST", d, c.ivan, map[string]any{"inheritRights": false}, 403)
		c.give(t, apitest.Link("Doc", doc), apitest.Link("Employee", c.olgaID), "owner")
		check("the owner cuts it", "POST", d, c.olga, map[string]any{"inheritRights": false}, 200)
		for _, tok := range []string{c.ivan, c.lena, c.pavel} {
			if got := c.seen(t, d, tok); got != "unseen" {
				t.Errorf("inheritance cut: %s", got)
			}
		}
		eff := c.do("GET", d+"/inheritedRights", c.olga, nil).List()
		if len(eff) != 1 || eff[0]["rights"] != "owner" || eff[0]["inherited"] != false {
			t.Errorf("effective rights of a cut document: %v", eff)
		}
		check("back to inheriting", "POST", d, c.olga, map[string]any{"inheritRights": true}, 200)
		if got := c.seen(t, d, c.pavel); got != "edit" {
			t.Errorf("inheritance restored: %s", got)
		}

		// A moved folder takes the rights of where it goes.
		other := c.folder(t, "", c.olga, "Архив")
		check("move the subfolder", "POST", "/docFolder/"+deep, c.olga, map[string]any{"parent": apitest.Link("DocFolder", other)}, 200)
		if got := c.seen(t, d, c.ivan); got != "unseen" {
			t.Errorf("moved out of Ivan's subfolder: %s", got)
		}
		if got := c.seen(t, d, h.Token); got != "edit" {
			t.Errorf("an administrator: %s", got)
		}
	})
}

// Bad rights input answers 422 with meta.errors and changes nothing; a
// folder always keeps an owner.
func TestRightsBadInput(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		rootL := apitest.Link("DocFolder", c.root)
		own := c.do("GET", "/docFolder/"+c.root+"/rights", c.olga, nil).List()
		if len(own) != 1 || own[0]["rights"] != "owner" {
			t.Fatalf("the author's right: %v", own)
		}
		ownID := own[0]["id"].(string)
		p := "/api/v3/docRights"
		h.Run(t, []apitest.Scenario{
			{Name: "unknown role", Method: "POST", Path: p, Status: 422, Req: apitest.Req{Token: c.olga,
				Body: map[string]any{"subject": rootL, "user": apitest.Link("Employee", c.ivanID), "rights": "king"}},
				Contains: []string{`"field":"rights"`, "doc_bad_role"}},
			{Name: "a task is no subject", Method: "POST", Path: p, Status: 422, Req: apitest.Req{Token: c.olga,
				Body: map[string]any{"subject": rootL, "user": apitest.Link("Task", "1"), "rights": "reader"}},
				Contains: []string{`"field":"user"`}},
			{Name: "a task is no node", Method: "POST", Path: p, Status: 422, Req: apitest.Req{Token: c.olga,
				Body: map[string]any{"subject": apitest.Link("Task", "1"), "user": apitest.Link("Employee", c.ivanID), "rights": "reader"}},
				Contains: []string{`"field":"subject"`}},
			{Name: "a missing employee", Method: "POST", Path: p, Status: 422, Req: apitest.Req{Token: c.olga,
				Body: map[string]any{"subject": rootL, "user": apitest.Link("Employee", "999999"), "rights": "reader"}}},
			{Name: "body not JSON", Method: "POST", Path: p, Status: 400, Req: apitest.Req{Token: c.olga, Body: "[1,2"}},
			{Name: "an unseen folder", Method: "POST", Path: p, Status: 404, Req: apitest.Req{Token: c.nina,
				Body: map[string]any{"subject": rootL, "user": apitest.Link("Employee", c.ninaID), "rights": "owner"}}},
			{Name: "the last owner stays", Method: "DELETE", Path: p + "/" + ownID, Status: 422,
				Req: apitest.Req{Token: c.olga}, Contains: []string{"doc_last_owner"}},
			{Name: "the last owner stays an owner", Method: "POST", Path: p + "/" + ownID, Status: 422,
				Req: apitest.Req{Token: c.olga, Body: map[string]any{"rights": "reader"}}, Contains: []string{"doc_last_owner"}},
			{Name: "a right that is not there", Method: "DELETE", Path: p + "/999999", Status: 404, Req: apitest.Req{Token: c.olga}},
			{Name: "rights are not made by the generic route", Method: "POST", Path: "/api/v3/docVersion", Status: 403,
				Req: apitest.Req{Token: c.olga, Body: map[string]any{"name": "x"}}},
		})
		if n := len(c.do("GET", "/docFolder/"+c.root+"/rights", c.olga, nil).List()); n != 1 {
			t.Errorf("rights after the bad calls: %d", n)
		}
		if got := c.seen(t, "/docFolder/"+c.root, c.olga); got != "edit" {
			t.Errorf("the owner after the bad calls: %s", got)
		}
	})
}

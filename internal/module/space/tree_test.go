package space_test

import (
	"slices"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The tree: sections' roots, children in order, placing, moving (never
// inside itself), copying alone or with the subtree, deleting a subtree.
func TestTree(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		o := newOffice(t, h)
		r := o.call("POST", "section/all", o.annaTok, map[string]any{"type": "Space", "title": "Продажи", "icon": "📈"})
		if r.Status != 200 || r.Obj()["contentType"] != "ElementIdResponse" {
			t.Fatalf("company space: %s", r.Body)
		}
		sales := r.Obj()["id"].(string)
		a := o.add(t, o.annaTok, sales, "Note", "Регламент")
		b := o.add(t, o.annaTok, sales, "Note", "Скрипты")
		c := o.add(t, o.annaTok, sales, "Space", "Клиенты")
		kids := func() []string { return titles(o.call("GET", "element/"+sales+"/children", o.annaTok, nil).List()) }
		if got := kids(); !slices.Equal(got, []string{"Регламент", "Скрипты", "Клиенты"}) {
			t.Fatalf("children in creation order: %v", got)
		}
		got := o.must(t, "GET", "element/"+sales, o.annaTok, nil)
		if got["childrenCount"] != 3.0 || got["accessLevel"] != "full" || got["isPublic"] != true || got["icon"] != "📈" {
			t.Errorf("the space: %v", got)
		}
		o.must(t, "POST", "element/"+c+"/placeAfter", o.annaTok, el(a))
		if got := kids(); !slices.Equal(got, []string{"Регламент", "Клиенты", "Скрипты"}) {
			t.Errorf("after placeAfter: %v", got)
		}
		o.must(t, "POST", "element/"+b+"/placeAfter", o.annaTok, map[string]any{"contentType": "Element"})
		if got := kids(); !slices.Equal(got, []string{"Скрипты", "Регламент", "Клиенты"}) {
			t.Errorf("first with no id: %v", got)
		}
		if r := o.call("POST", "element/"+b+"/placeAfter", o.annaTok, el(sales)); r.Status != 422 || r.Errors()[0]["type"] != "space_not_sibling" {
			t.Errorf("after a non-sibling: %d %s", r.Status, r.Body)
		}
		// Moving: into the subspace, then never into itself.
		moved := o.must(t, "POST", "element/"+a+"/move", o.annaTok, el(c))
		if path := moved["path"].([]any); len(path) != 2 || path[1].(map[string]any)["id"] != c {
			t.Errorf("path after the move: %v", moved["path"])
		}
		if r := o.call("POST", "element/"+sales+"/move", o.annaTok, el(c)); r.Status != 422 || r.Errors()[0]["type"] != "space_move_cycle" {
			t.Errorf("into its own subtree: %d %s", r.Status, r.Body)
		}
		// The subspace goes to Anna's private root, taking its page along.
		o.must(t, "POST", "element/"+c+"/move", o.annaTok, el("private"))
		priv := titles(o.call("GET", "section/private", o.annaTok, nil).List())
		if !slices.Contains(priv, "Клиенты") {
			t.Errorf("Anna's private root: %v", priv)
		}
		if r := o.call("GET", "element/"+a, o.borTok, nil); r.Status != 404 {
			t.Errorf("the page moved with it out of the company's sight: %d", r.Status)
		}
		// A copy sits right after the original; a clone takes the subtree.
		cp := o.must(t, "POST", "element/"+b+"/copy", o.annaTok, map[string]any{"title": "Скрипты 2"})
		if got := kids(); !slices.Equal(got, []string{"Скрипты", "Скрипты 2"}) {
			t.Errorf("the copy's place: %v", got)
		}
		cl := o.must(t, "POST", "element/"+c+"/clone", o.annaTok, map[string]any{"copyData": true})
		if cl["childrenCount"] != 1.0 || cl["id"] == c {
			t.Errorf("the clone: %v", cl)
		}
		// Deleting takes the subtree; the rest stays.
		if r := o.call("DELETE", "element/"+c, o.annaTok, nil); r.Status != 200 || r.Obj()["id"] != c {
			t.Fatalf("delete: %s", r.Body)
		}
		if r := o.call("GET", "element/"+a, o.annaTok, nil); r.Status != 404 {
			t.Errorf("the page under the deleted space: %d", r.Status)
		}
		if r := o.call("GET", "element/"+cp["id"].(string), o.annaTok, nil); r.Status != 200 {
			t.Errorf("the copy stays: %d", r.Status)
		}
		// Searching the titles the reader sees.
		found := titles(o.call("GET", "element"+apitest.Q(`{"q":"скрипт"}`), o.borTok, nil).List())
		if !slices.Equal(found, []string{"Скрипты", "Скрипты 2"}) {
			t.Errorf("search: %v", found)
		}
		spaces := titles(o.call("GET", "space", o.borTok, nil).List())
		if !slices.Equal(spaces, []string{"Продажи"}) {
			t.Errorf("Boris's spaces: %v", spaces)
		}
	})
}

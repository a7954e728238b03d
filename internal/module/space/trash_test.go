package space_test

import (
	"slices"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A deleted element goes to the trash with what is below it, out of
// every list; whoever holds it fully restores it or removes it for good.
func TestTrash(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		o := newOffice(t, h)
		sp := o.must(t, "POST", "section/all", o.annaTok, map[string]any{"type": "Space", "title": "Архив"})["id"].(string)
		page := o.add(t, o.annaTok, sp, "Note", "Старый план")
		o.must(t, "POST", "element/"+sp+"/addToFavorites", o.borTok, nil)
		if r := o.call("DELETE", "element/"+sp, o.borTok, nil); r.Status != 403 {
			t.Errorf("Boris, a reader, deletes: %d", r.Status)
		}
		o.must(t, "DELETE", "element/"+sp, o.annaTok, nil)
		for _, path := range []string{"element/" + sp, "element/" + page, "note/" + page} {
			if r := o.call("GET", path, o.annaTok, nil); r.Status != 404 {
				t.Errorf("%s in the trash: %d", path, r.Status)
			}
		}
		for _, path := range []string{"section/all", "section/favorites", "element", "space"} {
			if got := o.call("GET", path, o.borTok, nil).List(); len(got) != 0 {
				t.Errorf("Boris's %s holds the trash: %v", path, got)
			}
		}
		trash := o.call("GET", "trash", o.annaTok, nil).List()
		if len(trash) != 1 || trash[0]["id"] != sp || trash[0]["inTrash"] != true {
			t.Fatalf("Anna's trash: %v", trash)
		}
		if got := o.call("GET", "trash", o.borTok, nil).List(); len(got) != 0 {
			t.Errorf("Boris's trash: %v", got)
		}
		if r := o.call("POST", "trash/"+page+"/restore", o.annaTok, nil); r.Status != 404 {
			t.Errorf("restoring what went with its space: %d", r.Status)
		}
		if r := o.call("POST", "trash/"+sp+"/restore", o.borTok, nil); r.Status != 403 {
			t.Errorf("Boris restores: %d", r.Status)
		}
		if e := o.must(t, "POST", "trash/"+sp+"/restore", o.annaTok, nil); e["inTrash"] != false || e["childrenCount"] != 1.0 {
			t.Errorf("restored: %v", e)
		}
		if got := titles(o.call("GET", "section/favorites", o.borTok, nil).List()); !slices.Equal(got, []string{"Архив"}) {
			t.Errorf("Boris's favourite is back: %v", got)
		}
		if r := o.call("POST", "trash/"+sp+"/remove", o.annaTok, nil); r.Status != 404 {
			t.Errorf("removing what is not in the trash: %d", r.Status)
		}
		o.must(t, "DELETE", "element/"+sp, o.annaTok, nil)
		gone := o.call("POST", "trash/"+sp+"/remove", o.annaTok, nil).List()
		if len(gone) != 2 {
			t.Errorf("removed for good: %v", gone)
		}
		if got := o.call("GET", "trash", o.annaTok, nil).List(); len(got) != 0 {
			t.Errorf("the trash after removal: %v", got)
		}
		if r := o.call("POST", "trash/"+sp+"/restore", o.annaTok, nil); r.Status != 404 {
			t.Errorf("restoring what was removed: %d", r.Status)
		}
	})
}

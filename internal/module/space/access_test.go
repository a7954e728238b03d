package space_test

import (
	"slices"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A private element is seen by its owner and its members alone; a
// member's level holds below the element; the company's section is read
// by everyone and written by its owners and members.
func TestAccess(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		o := newOffice(t, h)
		plan := o.add(t, o.annaTok, "", "Space", "План Анны")
		page := o.add(t, o.annaTok, plan, "Note", "Черновик")
		for _, path := range []string{"element/" + plan, "element/" + page, "element/" + plan + "/children", "element/" + plan + "/members", "note/" + page} {
			if r := o.call("GET", path, o.borTok, nil); r.Status != 404 {
				t.Errorf("Boris reads %s: %d", path, r.Status)
			}
			if r := o.call("GET", path, "", nil); r.Status != 404 {
				t.Errorf("the administrator reads Anna's private %s: %d", path, r.Status)
			}
		}
		for _, path := range []string{"section/private", "element", "space", "recents", "section/all"} {
			if got := titles(o.call("GET", path, o.borTok, nil).List()); len(got) != 0 {
				t.Errorf("Boris's %s: %v", path, got)
			}
		}
		if r := o.call("PATCH", "element/"+plan, o.borTok, map[string]any{"title": "Моё"}); r.Status != 404 {
			t.Errorf("Boris renames it: %d", r.Status)
		}
		// Shared for reading: Boris finds it at his private root, reads the
		// page below it, and may not write.
		if r := o.call("POST", "element/"+plan+"/member/add", o.annaTok, []any{member(o.boris, "read")}); r.Status != 200 || r.Obj()["id"] != plan {
			t.Fatalf("share: %d %s", r.Status, r.Body)
		}
		if got := titles(o.call("GET", "section/private", o.borTok, nil).List()); !slices.Equal(got, []string{"План Анны"}) {
			t.Errorf("Boris's private root after sharing: %v", got)
		}
		if got := o.must(t, "GET", "element/"+page, o.borTok, nil); got["accessLevel"] != "read" {
			t.Errorf("the page below, for Boris: %v", got)
		}
		for _, c := range []struct{ method, path string }{{"PATCH", "element/" + page}, {"POST", "note/" + page},
			{"POST", "element/" + plan + "/children"}, {"DELETE", "element/" + plan}, {"POST", "element/" + plan + "/member/add"}} {
			if r := o.call(c.method, c.path, o.borTok, map[string]any{"title": "x", "text": "x", "type": "Note"}); r.Status != 403 {
				t.Errorf("Boris, a reader, %s %s: %d %s", c.method, c.path, r.Status, r.Body)
			}
		}
		// Raised to edit: he writes, but may not delete or share.
		o.must(t, "POST", "element/"+plan+"/member/access", o.annaTok, member(o.boris, "edit"))
		o.must(t, "POST", "note/"+page, o.borTok, map[string]any{"text": "<p>Правка Бориса</p>"})
		if r := o.call("DELETE", "element/"+plan, o.borTok, nil); r.Status != 403 {
			t.Errorf("Boris, an editor, deletes: %d", r.Status)
		}
		members := o.call("GET", "element/"+page+"/members", o.borTok, nil).List()
		if len(members) != 3 || members[2]["accessLevel"] != "edit" || members[2]["element"].(map[string]any)["id"] != plan || members[1]["isOwner"] != true {
			t.Errorf("members of the page (its owner, the space's owner, Boris given on the space): %v", members)
		}
		// Taken away: gone again. Removing who was never given is 422.
		o.must(t, "POST", "element/"+plan+"/member/remove", o.annaTok, member(o.boris, ""))
		if r := o.call("GET", "element/"+page, o.borTok, nil); r.Status != 404 {
			t.Errorf("after removal: %d", r.Status)
		}
		if r := o.call("POST", "element/"+plan+"/member/remove", o.annaTok, member(o.boris, "")); r.Status != 422 || r.Errors()[0]["type"] != "space_not_member" {
			t.Errorf("removing a non-member: %d %s", r.Status, r.Body)
		}
		// The company's section: Boris reads Anna's space but writes only
		// once given edit on it.
		o.must(t, "POST", "section/all", o.annaTok, map[string]any{"type": "Space", "title": "Общее"})
		shared := o.call("GET", "section/all", o.borTok, nil).List()
		if len(shared) != 1 || shared[0]["accessLevel"] != "read" {
			t.Fatalf("the company's section for Boris: %v", shared)
		}
		id := shared[0]["id"].(string)
		if r := o.call("POST", "element/"+id+"/children", o.borTok, map[string]any{"type": "Note", "title": "Моя страница"}); r.Status != 403 {
			t.Errorf("Boris adds to a company space he reads: %d", r.Status)
		}
		o.must(t, "POST", "element/"+id+"/member/add", "", []any{member(o.boris, "edit")})
		o.add(t, o.borTok, id, "Note", "Моя страница")
	})
}

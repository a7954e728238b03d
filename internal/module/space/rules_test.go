package space_test

import (
	"slices"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// An editor moves within the section but not to a root nor across
// sections; the move targets are the spaces the reader writes.
func TestMoveRights(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		o := newOffice(t, h)
		team := o.must(t, "POST", "section/all", o.annaTok, map[string]any{"type": "Space", "title": "Команда"})["id"].(string)
		sub := o.add(t, o.annaTok, team, "Space", "Встречи")
		page := o.add(t, o.annaTok, team, "Note", "Протокол")
		other := o.must(t, "POST", "section/all", o.annaTok, map[string]any{"type": "Space", "title": "Чужое"})["id"].(string)
		own := o.add(t, o.borTok, "", "Space", "Моё")
		o.must(t, "POST", "element/"+team+"/member/add", o.annaTok, []any{member(o.boris, "edit")})
		targets := titles(o.call("GET", "space/movement", o.borTok, nil).List())
		if !slices.Equal(targets, []string{"Команда", "Моё", "Встречи"}) {
			t.Errorf("Boris's move targets: %v", targets)
		}
		o.must(t, "POST", "element/"+page+"/move", o.borTok, el(sub))
		for _, c := range []struct {
			name, to string
			status   int
		}{
			{"to the company's root", "all", 403},
			{"to a private root", "private", 403},
			{"into his own private space", own, 403},
			{"into a space he only reads", other, 403},
		} {
			if r := o.call("POST", "element/"+page+"/move", o.borTok, el(c.to)); r.Status != c.status {
				t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
			}
		}
		// Anna, the owner, takes it to her private root: out of the company's sight.
		o.must(t, "POST", "element/"+page+"/move", o.annaTok, el("private"))
		if r := o.call("GET", "element/"+page, o.borTok, nil); r.Status != 404 {
			t.Errorf("after Anna took it private: %d", r.Status)
		}
	})
}

// Access given to a department holds for everyone in it.
func TestDepartmentMember(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		o := newOffice(t, h)
		dept := h.Do("POST", "/api/v3/department", apitest.Req{Body: map[string]any{"name": "Продажи"}}).Obj()["id"].(string)
		if r := h.Do("POST", "/api/v3/employee/"+o.boris, apitest.Req{Body: map[string]any{"department": apitest.Link("Department", dept)}}); r.Status != 200 {
			t.Fatalf("Boris to the department: %s", r.Body)
		}
		sp := o.add(t, o.annaTok, "", "Space", "Планы продаж")
		o.must(t, "POST", "element/"+sp+"/member/add", o.annaTok, []any{map[string]any{"member": apitest.Link("Department", dept), "canEdit": true}})
		if e := o.must(t, "GET", "element/"+sp, o.borTok, nil); e["accessLevel"] != "write" {
			t.Errorf("Boris through his department: %v", e)
		}
	})
}

// A copy is its copier's: a copy of a private space shared with Boris is
// his own private root; lists take excludeIds and limit.
func TestCopyAndLists(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		o := newOffice(t, h)
		sp := o.add(t, o.annaTok, "", "Space", "Шаблон")
		o.add(t, o.annaTok, sp, "Note", "Чек-лист")
		o.must(t, "POST", "element/"+sp+"/member/add", o.annaTok, []any{member(o.boris, "read")})
		cp := o.must(t, "POST", "element/"+sp+"/clone", o.borTok, nil)
		if cp["accessLevel"] != "full" || cp["childrenCount"] != 1.0 {
			t.Errorf("Boris's clone: %v", cp)
		}
		if got := titles(o.call("GET", "section/private", o.borTok, nil).List()); !slices.Equal(got, []string{"Шаблон", "Шаблон"}) {
			t.Errorf("Boris's private root (his copy, Anna's shared space): %v", got)
		}
		if r := o.call("GET", "element/"+cp["id"].(string), o.annaTok, nil); r.Status != 404 {
			t.Errorf("Anna sees Boris's copy: %d", r.Status)
		}
		all := o.call("GET", "element"+apitest.Q(`{"excludeIds":["`+sp+`"],"limit":1}`), o.borTok, nil).List()
		if len(all) != 1 || all[0]["id"] == sp {
			t.Errorf("excluded and limited: %v", all)
		}
	})
}

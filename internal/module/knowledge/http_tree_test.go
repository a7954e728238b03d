package knowledge_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The tree: new articles go last, a drag puts one before or after
// another (under that one's parent), a move takes the subtree along and
// never inside itself; every save of the text is a version.
func TestTreeAndVersions(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		b := "/knowledgeBase/" + c.base
		a1 := c.article(t, b, c.olga, "Один")
		a2 := c.article(t, b, c.olga, "Два")
		a3 := c.article(t, b, c.olga, "Три")
		child := c.article(t, "/knowledgeArticle/"+a1, c.olga, "Внутри")
		if got := c.tree(t, c.olga); !slices.Equal(got, []string{"/Один", "/Два", "/Три", "Один/Внутри"}) {
			t.Fatalf("the tree: %v", got)
		}
		sort := func(src, dst, pos string) *apitest.Resp {
			return c.do("POST", "/knowledgeArticle/sort", c.olga, map[string]any{"source": apitest.Link("KnowledgeArticle", src),
				"target": apitest.Link("KnowledgeArticle", dst), "position": pos})
		}
		if r := sort(a3, a1, "before"); r.Status != 200 || len(r.List()) != 3 || r.List()[0]["name"] != "Три" {
			t.Fatalf("sort before: %s", r.Body)
		}
		must(t, sort(child, a2, "after"))
		if got := c.tree(t, c.olga); !slices.Equal(got, []string{"/Три", "/Один", "/Два", "/Внутри"}) {
			t.Errorf("after the drags: %v", got)
		}
		must(t, c.do("POST", "/knowledgeArticle/"+a2+"/moveTo", c.olga, apitest.Link("KnowledgeArticle", a3)))
		must(t, c.do("POST", "/knowledgeArticle/"+child+"/moveTo", c.olga, apitest.Link("KnowledgeArticle", a2)))
		if got := c.tree(t, c.olga); !slices.Equal(got, []string{"/Три", "/Один", "Три/Два", "Два/Внутри"}) {
			t.Errorf("after the moves: %v", got)
		}
		other := must(t, c.do("POST", "/knowledgeBase", c.olga, map[string]any{"name": "Архив"}))["id"].(string)
		must(t, c.do("POST", "/knowledgeArticle/"+a2+"/moveTo", c.olga, apitest.Link("KnowledgeBase", other)))
		moved := c.do("GET", "/knowledgeBase/"+other+"/articles", c.olga, nil).List()
		if len(moved) != 2 {
			t.Errorf("the subtree moved to the other base: %v", moved)
		}
		must(t, c.do("POST", "/knowledgeArticle/"+a2+"/moveTo", c.olga, apitest.Link("KnowledgeArticle", a3)))
		h.Run(t, []apitest.Scenario{
			{Name: "not inside itself", Method: "POST", Path: "/api/v3/knowledgeArticle/" + a3 + "/moveTo", Status: 422,
				Req: apitest.Req{Token: c.olga, Body: apitest.Link("KnowledgeArticle", child)}, Contains: []string{"knowledge_move_cycle"}},
			{Name: "not before itself", Method: "POST", Path: "/api/v3/knowledgeArticle/sort", Status: 422,
				Req: apitest.Req{Token: c.olga, Body: map[string]any{"source": apitest.Link("KnowledgeArticle", a3),
					"target": apitest.Link("KnowledgeArticle", a3), "position": "after"}}},
			{Name: "a bad position", Method: "POST", Path: "/api/v3/knowledgeArticle/sort", Status: 422,
				Req: apitest.Req{Token: c.olga, Body: map[string]any{"source": apitest.Link("KnowledgeArticle", a3),
					"target": apitest.Link("KnowledgeArticle", a1), "position": "inside"}}, Contains: []string{`"field":"position"`}},
			{Name: "a missing target", Method: "POST", Path: "/api/v3/knowledgeArticle/" + a3 + "/moveTo", Status: 404,
				Req: apitest.Req{Token: c.olga, Body: apitest.Link("KnowledgeArticle", "999999")}},
			{Name: "no move by a save", Method: "POST", Path: "/api/v3/knowledgeArticle/" + a3, Status: 422,
				Req:      apitest.Req{Token: c.olga, Body: map[string]any{"parent": apitest.Link("KnowledgeArticle", a1)}},
				Contains: []string{"knowledge_use_move"}},
			{Name: "a reader drags nothing", Method: "POST", Path: "/api/v3/knowledgeArticle/sort", Status: 404,
				Req: apitest.Req{Token: c.nina, Body: map[string]any{"source": apitest.Link("KnowledgeArticle", a3),
					"target": apitest.Link("KnowledgeArticle", a1), "position": "after"}}},
			{Name: "no name, no article", Method: "POST", Path: "/api/v3" + b + "/article", Status: 422,
				Req: apitest.Req{Token: c.olga, Body: map[string]any{"content": "x"}}, Contains: []string{`"field":"name"`}},
		})

		must(t, c.do("POST", "/knowledgeArticle/"+a1, c.olga, map[string]any{"content": "<p>Второй текст</p>"}))
		must(t, c.do("POST", "/knowledgeArticle/"+a1, c.olga, map[string]any{"orderPos": 99})) // not a version
		vs := c.do("GET", "/knowledgeArticle/"+a1+"/versions", c.olga, nil).List()
		if len(vs) != 2 || vs[0]["content"] != "<p>Второй текст</p>" || vs[1]["content"] != "<p>Один</p>" {
			t.Fatalf("versions: %v", vs)
		}
		first := vs[1]["id"].(string)
		r := c.do("POST", "/knowledgeArticle/"+a1+"/versions/"+first+"/restore", c.olga, nil)
		if must(t, r)["content"] != "<p>Один</p>" || must(t, r)["lastUpdateBy"] == nil {
			t.Errorf("restored version: %s", r.Body)
		}
		if n := len(c.do("GET", "/knowledgeArticle/"+a1+"/versions", c.olga, nil).List()); n != 3 {
			t.Errorf("a restore is a version too: %d", n)
		}
		if r := c.do("GET", "/knowledgeArticle/"+a1+"/versions", c.nina, nil); r.Status != 404 {
			t.Errorf("an outsider's versions: %s", r.Body)
		}
	})
}

// Articles are found by their words, stemmed, by who reads their base only.
func TestSearch(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		id := c.article(t, "/knowledgeBase/"+c.base, c.olga, "Командировки")
		must(t, c.do("POST", "/knowledgeArticle/"+id, c.olga, map[string]any{"content": "<p>Авансовые отчёты сдают в бухгалтерию</p>"}))
		c.grant(t, apitest.Link("Employee", c.ivanID), "reader")
		q := "/api/v3/search" + apitest.Q(`{"q":"отчеты","contentTypes":["KnowledgeArticle"]}`)
		if r := h.Do("GET", q, apitest.Req{Token: c.ivan}); r.Status != 200 || !contains(r.Body, "Командировки") {
			t.Errorf("a reader finds it: %s", r.Body)
		}
		if r := h.Do("GET", q, apitest.Req{Token: c.nina}); r.Status != 200 || contains(r.Body, "Командировки") {
			t.Errorf("an outsider does not: %s", r.Body)
		}
	})
}

func contains(b []byte, s string) bool { return strings.Contains(string(b), s) }

// A copy takes the subtree along and lands right after its original;
// the move targets are the bases one edits and their articles, less the
// article's own subtree.
func TestCopyAndMoveTargets(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		b := "/knowledgeBase/" + c.base
		one := c.article(t, b, c.olga, "Один")
		c.article(t, "/knowledgeArticle/"+one, c.olga, "Внутри")
		c.article(t, b, c.olga, "Два")
		r := c.do("POST", "/knowledgeArticle/"+one+"/copy", c.olga, nil)
		if must(t, r)["name"] != "Один" || r.Obj()["id"] == one {
			t.Fatalf("copy: %s", r.Body)
		}
		if got := c.tree(t, c.olga); !slices.Equal(got, []string{"/Один", "/Один", "/Два", "Один/Внутри", "Один/Внутри"}) {
			t.Errorf("after the copy: %v", got)
		}
		targets := c.do("GET", "/knowledgeArticle/"+one+"/availableMoveTargets", c.olga, nil).List()
		names := []string{}
		for _, x := range targets {
			names = append(names, x["contentType"].(string)+":"+x["name"].(string))
		}
		// The base, the copy with its child, and Два; not Один itself nor its child.
		if len(targets) != 4 || countOf(names, "KnowledgeArticle:Один") != 1 || countOf(names, "KnowledgeArticle:Внутри") != 1 {
			t.Errorf("move targets: %v", names)
		}
		c.grant(t, apitest.Link("Employee", c.ivanID), "reader")
		if r := c.do("POST", "/knowledgeArticle/"+one+"/copy", c.ivan, nil); r.Status != 403 {
			t.Errorf("a reader's copy: %s", r.Body)
		}
		if l := c.do("GET", "/knowledgeArticle/"+one+"/availableMoveTargets", c.ivan, nil).List(); len(l) != 0 {
			t.Errorf("a reader's move targets: %v", l)
		}
	})
}

func countOf(list []string, s string) int {
	n := 0
	for _, x := range list {
		if x == s {
			n++
		}
	}
	return n
}

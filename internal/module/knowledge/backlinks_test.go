package knowledge_test

import (
	"sort"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A task or a comment that links to an article shows on the article,
// to each reader only what they may read; editing the link out takes it
// away; a reader without a role on the base gets 404.
func TestArticleBacklinks(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		c.grant(t, apitest.Link("Employee", c.ivanID), "reader")
		art := c.article(t, "/knowledgeBase/"+c.base, c.olga, "Регламент")
		other := c.article(t, "/knowledgeBase/"+c.base, c.olga, "Другое")
		olgaID := must(t, c.do("GET", "/currentUser", c.olga, nil))["id"].(string)

		// Ivan is responsible for the first task, so he sees it and its comments.
		shared := must(t, c.do("POST", "/task", c.olga, map[string]any{"name": "Прочитать регламент",
			"responsible": apitest.Link("Employee", c.ivanID),
			"statement":   `<p>См. <a href="https://crm.example.com/knowledge/` + c.base + `/` + art + `">регламент</a></p>`}))["id"].(string)
		private := must(t, c.do("POST", "/task", c.olga, map[string]any{"name": "Дополнить /knowledge/article/" + art,
			"responsible": apitest.Link("Employee", olgaID)}))["id"].(string)
		comment := must(t, c.do("POST", "/task/"+shared+"/comments", c.olga, map[string]any{
			"content": "Ещё: /knowledge/article/" + art + " и /knowledge/article/" + other}))["id"].(string)

		links := func(token, article string, want int) []string {
			t.Helper()
			r := c.do("GET", "/knowledgeArticle/"+article+"/backlinks", token, nil)
			if r.Status != want {
				t.Fatalf("backlinks of %s: %d %s", article, r.Status, r.Body)
			}
			var out []string
			for _, x := range r.List() {
				out = append(out, x["contentType"].(string)+" "+x["id"].(string))
			}
			sort.Strings(out)
			return out
		}
		same := func(name string, got []string, want ...string) {
			t.Helper()
			sort.Strings(want)
			if len(got) != len(want) {
				t.Fatalf("%s: %v, want %v", name, got, want)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s: %v, want %v", name, got, want)
				}
			}
		}
		same("olga", links(c.olga, art, 200), "Task "+shared, "Task "+private, "Comment "+comment)
		same("ivan sees what he may read", links(c.ivan, art, 200), "Task "+shared, "Comment "+comment)
		same("the other article", links(c.olga, other, 200), "Comment "+comment)
		links(c.nina, art, 404)

		if r := c.do("POST", "/task/"+private, c.olga, map[string]any{"name": "Дополнить регламент"}); r.Status != 200 {
			t.Fatalf("rename: %s", r.Body)
		}
		same("the link edited out", links(c.olga, art, 200), "Task "+shared, "Comment "+comment)
	})
}

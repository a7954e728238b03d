package knowledge_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// An article's rich text keeps what the editor writes (headings,
// emphasis, lists, links, images) and loses what would run in a reader's
// browser, on both databases.
func TestArticleRichText(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		html := `<h2>Командировки</h2><p><strong>Важно:</strong> <a href="/knowledge/1">правила</a></p>` +
			`<ul><li>билеты</li></ul><img src="/api/v3/file/3/download" alt="карта" onerror="steal()">` +
			`<script>steal()</script><p onclick="steal()"><a href="javascript:steal()">ссылка</a></p>`
		r := c.do("POST", "/knowledgeBase/"+c.base+"/article", c.olga, map[string]any{"name": "Поездки", "content": html})
		if r.Status != 200 {
			t.Fatalf("create: %s", r.Body)
		}
		got, _ := r.Obj()["content"].(string)
		for _, kept := range []string{"<h2>Командировки</h2>", "<strong>Важно:</strong>", `<a href="/knowledge/1" rel="nofollow noreferrer">правила</a>`,
			"<li>билеты</li>", `<img src="/api/v3/file/3/download" alt="карта">`} {
			if !strings.Contains(got, kept) {
				t.Errorf("lost %q: %s", kept, got)
			}
		}
		for _, gone := range []string{"script", "onerror", "onclick", "javascript:"} {
			if strings.Contains(got, gone) {
				t.Errorf("kept %q: %s", gone, got)
			}
		}
	})
}

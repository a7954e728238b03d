package space_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A note's text round-trips, cleaned of anything but rich text, with a
// plain preview; only note pages have one.
func TestNotes(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		o := newOffice(t, h)
		sp := o.add(t, o.annaTok, "", "Space", "Заметки")
		page := o.add(t, o.annaTok, sp, "Note", "Встреча")
		text := `<h2>Итоги</h2><p>Созвон <b>во вторник</b><script>alert(1)</script></p><p onclick="x()">Ответ клиенту</p>`
		saved := o.must(t, "POST", "note/"+page, o.annaTok, map[string]any{"contentType": "NoteEdition", "text": text})
		got := o.must(t, "GET", "note/"+page, o.annaTok, nil)
		for _, n := range []map[string]any{saved, got} {
			s := n["text"].(string)
			if strings.Contains(s, "script") || strings.Contains(s, "onclick") || !strings.Contains(s, "<b>во вторник</b>") {
				t.Errorf("text: %s", s)
			}
			if n["previewText"] != "Итоги Созвон во вторник Ответ клиенту" || n["id"] != page {
				t.Errorf("preview: %v", n)
			}
		}
		if r := o.call("GET", "note/"+sp, o.annaTok, nil); r.Status != 404 {
			t.Errorf("a space has no note: %d", r.Status)
		}
		if r := o.call("POST", "note/"+page, o.annaTok, map[string]any{"previewText": "x"}); r.Status != 422 || r.Errors()[0]["field"] != "text" {
			t.Errorf("no text: %d %s", r.Status, r.Body)
		}
		// Opening it made it Anna's recent element, not Boris's.
		if got := titles(o.call("GET", "recents", o.annaTok, nil).List()); len(got) != 1 || got[0] != "Встреча" {
			t.Errorf("Anna's recents: %v", got)
		}
		// A clone without data leaves the notes empty.
		cl := o.must(t, "POST", "element/"+sp+"/clone", o.annaTok, map[string]any{"copyData": false})
		kid := o.call("GET", "element/"+cl["id"].(string)+"/children", o.annaTok, nil).List()[0]["id"].(string)
		if n := o.must(t, "GET", "note/"+kid, o.annaTok, nil); n["text"] != "" {
			t.Errorf("the clone's note: %v", n)
		}
	})
}

// Favourites are each person's own.
func TestFavorites(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		o := newOffice(t, h)
		id := o.must(t, "POST", "section/all", o.annaTok, map[string]any{"type": "Space", "title": "Общее"})["id"].(string)
		if e := o.must(t, "POST", "element/"+id+"/addToFavorites", o.borTok, nil); e["inFavorites"] != true {
			t.Errorf("added: %v", e)
		}
		if got := titles(o.call("GET", "section/favorites", o.borTok, nil).List()); len(got) != 1 {
			t.Errorf("Boris's favourites: %v", got)
		}
		if got := o.call("GET", "section/favorites", o.annaTok, nil).List(); len(got) != 0 {
			t.Errorf("Anna's favourites: %v", got)
		}
		if e := o.must(t, "GET", "element/"+id, o.annaTok, nil); e["inFavorites"] != false {
			t.Errorf("for Anna: %v", e)
		}
		o.must(t, "POST", "element/"+id+"/removeFromFavorites", o.borTok, nil)
		if got := o.call("GET", "section/favorites", o.borTok, nil).List(); len(got) != 0 {
			t.Errorf("after removal: %v", got)
		}
		private := o.add(t, o.annaTok, "", "Space", "Своё")
		if r := o.call("POST", "element/"+private+"/addToFavorites", o.borTok, nil); r.Status != 404 {
			t.Errorf("a favourite Boris does not see: %d", r.Status)
		}
	})
}

// A widget keeps a report module source, checked under its author's
// rights; the figures are the reader's own, from the report's routes.
func TestWidgets(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		o := newOffice(t, h)
		sp := o.add(t, o.annaTok, "", "Space", "Доска")
		report := h.Do("POST", "/api/v3/report", apitest.Req{Body: map[string]any{"name": "Сделки по этапам",
			"config": map[string]any{"contentType": "ReportConfig", "entityType": "Deal"}}}).Obj()["id"].(string)
		add := func(tok, path string, body map[string]any) *apitest.Resp { return o.call("POST", path, tok, body) }
		chart := map[string]any{"layoutType": "PieChart", "element": map[string]any{"title": "Воронка"},
			"source": map[string]any{"contentType": "ReportDesktopWidget", "reportId": report}}
		if r := add(o.annaTok, "element/"+sp+"/widget", chart); r.Status != 422 || r.Errors()[0]["field"] != "reportId" {
			t.Errorf("a report Anna does not see: %d %s", r.Status, r.Body)
		}
		r := add("", "section/all/widget", chart)
		if r.Status != 200 || r.Obj()["type"] != "Widget" || r.Obj()["defaultLayoutType"] != "PieChart" {
			t.Fatalf("the administrator's chart: %s", r.Body)
		}
		if w := r.Obj()["widget"].(map[string]any); w["reportId"] != report || w["chartType"] != "pie" {
			t.Errorf("its source: %v", w)
		}
		list := map[string]any{"layoutType": "Table", "element": map[string]any{"title": "Мои задачи"},
			"source": map[string]any{"contentType": "TaskDesktopWidget"}}
		w := o.must(t, "POST", "element/"+sp+"/widget", o.annaTok, list)
		if w["widget"].(map[string]any)["contentType"] != "TaskDesktopWidget" || w["path"].([]any)[0].(map[string]any)["id"] != sp {
			t.Errorf("the list widget: %v", w)
		}
		if r := add(o.annaTok, "element/"+w["id"].(string)+"/children", map[string]any{"type": "Note", "title": "x"}); r.Status != 422 ||
			r.Errors()[0]["type"] != "space_not_container" {
			t.Errorf("inside a widget: %d %s", r.Status, r.Body)
		}
		for _, c := range []struct {
			name  string
			body  map[string]any
			field string
		}{
			{"no layout", map[string]any{"element": map[string]any{"title": "x"}, "source": list["source"]}, "layoutType"},
			{"an unknown layout", map[string]any{"layoutType": "Gantt", "element": map[string]any{"title": "x"}, "source": list["source"]}, "layoutType"},
			{"no title", map[string]any{"layoutType": "Table", "element": map[string]any{}, "source": list["source"]}, "element"},
			{"no source", map[string]any{"layoutType": "Table", "element": map[string]any{"title": "x"}}, "source"},
			{"an unknown source", map[string]any{"layoutType": "Table", "element": map[string]any{"title": "x"}, "source": map[string]any{"contentType": "Coffee"}}, "contentType"},
		} {
			if r := add(o.annaTok, "element/"+sp+"/widget", c.body); r.Status != 422 || r.Errors()[0]["field"] != c.field {
				t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
			}
		}
		if n := len(o.call("GET", "element/"+sp+"/children", o.annaTok, nil).List()); n != 1 {
			t.Errorf("refused widgets left nothing: %d", n)
		}
	})
}

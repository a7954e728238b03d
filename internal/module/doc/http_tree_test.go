package doc_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// Folders are renamed, moved and dropped by their owners; documents are
// renamed and moved by their editors, into folders they edit; an empty
// folder is dropped with its rights.
func TestTreeChanges(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		sub := c.folder(t, c.root, c.olga, "2026")
		other := c.folder(t, "", c.olga, "Архив")
		doc := c.text(t, sub, c.olga, "План", "<p>План</p>")
		c.give(t, apitest.Link("DocFolder", c.root), apitest.Link("Employee", c.ivanID), "editor")
		c.give(t, apitest.Link("DocFolder", other), apitest.Link("Employee", c.ivanID), "reader")
		f, d := "/api/v3/docFolder/", "/api/v3/doc/"+doc
		as := func(token string, body any) apitest.Req { return apitest.Req{Token: token, Body: body} }
		h.Run(t, []apitest.Scenario{
			{Name: "an editor renames no folder", Method: "POST", Path: f + sub, Status: 403, Req: as(c.ivan, map[string]any{"name": "x"})},
			{Name: "an editor drops no folder", Method: "DELETE", Path: f + sub, Status: 403, Req: as(c.ivan, nil)},
			{Name: "the owner renames", Method: "POST", Path: f + sub, Status: 200, Req: as(c.olga, map[string]any{"name": "2027"}),
				Contains: []string{`"name":"2027"`}},
			{Name: "an editor renames a document", Method: "POST", Path: d, Status: 200, Req: as(c.ivan, map[string]any{"name": "План работ"})},
			{Name: "an editor moves no document where he only reads", Method: "POST", Path: d, Status: 403,
				Req: as(c.ivan, map[string]any{"folder": apitest.Link("DocFolder", other)})},
			{Name: "nor where he sees nothing", Method: "POST", Path: d, Status: 404,
				Req: as(c.nina, map[string]any{"folder": apitest.Link("DocFolder", other)})},
			{Name: "an editor moves a document up", Method: "POST", Path: d, Status: 200,
				Req: as(c.ivan, map[string]any{"folder": apitest.Link("DocFolder", c.root)})},
			{Name: "the owner moves it to the archive", Method: "POST", Path: d, Status: 200,
				Req: as(c.olga, map[string]any{"folder": apitest.Link("DocFolder", other)})},
			{Name: "the emptied folder is dropped", Method: "DELETE", Path: f + sub, Status: 200, Req: as(c.olga, nil)},
			{Name: "and gone", Method: "GET", Path: f + sub, Status: 404, Req: as(c.olga, nil)},
			{Name: "its rights too", Method: "GET", Path: f + sub + "/rights", Status: 404, Req: as(c.olga, nil)},
		})
		if got := c.seen(t, "/doc/"+doc, c.ivan); got != "read" {
			t.Errorf("in the archive Ivan reads: %s", got)
		}
		var rows int
		if err := h.DB.Q(t.Context()).QueryRowContext(t.Context(), h.DB.Dialect.Rebind(
			"SELECT COUNT(*) FROM doc_access WHERE node_type = 'DocFolder' AND node_id = ?"), sub).Scan(&rows); err != nil || rows != 0 {
			t.Errorf("access rows of a dropped folder: %d %v", rows, err)
		}
	})
}

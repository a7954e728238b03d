package crm_test

import (
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/artel/artel/internal/apitest"
)

func TestExport(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		create(t, h, "contractorCompany", map[string]any{"name": "ООО «Экспорт, Импорт»", "position": "—",
			"contactInfo": []any{phone("+7 912 5550001"), phone("8 495 1112233"), map[string]any{"type": "email", "value": "sale@ex.ru"}}})
		create(t, h, "contractorHuman", map[string]any{"firstName": "Иван", "contactInfo": []any{phone("+7 912 5550002")}})
		gone := create(t, h, "contractorHuman", map[string]any{"firstName": "Удалённый", "contactInfo": []any{phone("+7 912 5550003")}})
		h.Do("DELETE", "/api/v3/contractorHuman/"+gone, apitest.Req{})
		export := func(query string, lang string) string {
			t.Helper()
			req := apitest.Req{}
			if lang != "" {
				req.Headers = map[string]string{"Accept-Language": lang}
			}
			r := h.Do("GET", "/api/v3/crmFilter/export"+apitest.Q(query), req)
			file, _ := r.Obj()["file"].(map[string]any)
			if r.Status != 200 || r.Obj()["contentType"] != "FilterExport" || file == nil {
				t.Fatalf("export: %d %s", r.Status, r.Body)
			}
			d := h.Do("GET", "/api/v3/file/"+file["id"].(string)+"/download", apitest.Req{})
			if d.Status != 200 {
				t.Fatalf("download: %d %s", d.Status, d.Body)
			}
			return string(d.Body)
		}
		got := export(`{"filter":{"contentType":"CrmFilter","id":"all"},"query":"8 912 555","fields":["name","phone"],"sortBy":[{"fieldName":"timeCreated"}]}`, "")
		want := "\ufeffНазвание,Телефоны\n\"ООО «Экспорт, Импорт»\",+7 912 5550001; 8 495 1112233\nИван,+7 912 5550002\n"
		if got != want {
			t.Errorf("export:\n%q\nwant\n%q", got, want)
		}
		if en := export(`{"filter":{"contentType":"CrmFilter","id":"dropped"}}`, "en"); !strings.HasPrefix(en, "\ufeffId,Kind,Name,Phones,E-mails,Position,Description\n") || !strings.Contains(en, "Person,Удалённый") {
			t.Errorf("dropped, in English: %q", en)
		}
		// The same as XLSX, read back by excelize.
		book, err := excelize.OpenReader(strings.NewReader(export(`{"filter":{"contentType":"CrmFilter","id":"all"},"query":"8 912 555","fields":["name","phone"],"sortBy":[{"fieldName":"timeCreated"}],"format":"xlsx"}`, "")))
		if err != nil {
			t.Fatalf("the XLSX export does not open: %v", err)
		}
		rows, err := book.GetRows("Clients")
		if err != nil || len(rows) != 3 || rows[0][0] != "Название" || rows[1][0] != "ООО «Экспорт, Импорт»" || rows[1][1] != "+7 912 5550001; 8 495 1112233" || rows[2][0] != "Иван" {
			t.Fatalf("the XLSX export's rows: %q %v", rows, err)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "an unknown format", Method: "GET", Path: "/api/v3/crmFilter/export" + apitest.Q(`{"format":"pdf"}`), Status: 422, Contains: []string{`"field":"format"`}},
			{Name: "an unknown column", Method: "GET", Path: "/api/v3/crmFilter/export" + apitest.Q(`{"fields":["salary"]}`), Status: 422, Contains: []string{`"field":"fields"`}},
			{Name: "columns that are not a list", Method: "GET", Path: "/api/v3/crmFilter/export" + apitest.Q(`{"fields":5}`), Status: 422, Contains: []string{`"field":"fields"`}},
			{Name: "a query that is not text", Method: "GET", Path: "/api/v3/crmFilter/export" + apitest.Q(`{"query":[1]}`), Status: 422, Contains: []string{`"field":"query"`}},
			{Name: "an unknown filter", Method: "GET", Path: "/api/v3/crmFilter/export" + apitest.Q(`{"filter":{"contentType":"CrmFilter","id":"nope"}}`), Status: 422},
		})
	})
}

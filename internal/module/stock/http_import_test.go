package stock_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/artel/artel/internal/apitest"
)

// An import session: the file's columns are guessed from the header,
// the rows checked and the bad ones reported, the mapping changed, and
// a run creates the good rows' offers once.
func TestImportSession(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		open := func(name string, data []byte) *apitest.Resp {
			body, ct := apitest.Multipart(t, "file", map[string][]byte{name: data})
			return h.Do("POST", "/api/v3/offerImport", apitest.Req{Body: body, ContentType: ct})
		}
		csv := "Название,Артикул,Цена,Заметка\nКофе,K-1,\"350,50\",крепкий\n,K-2,10,\nЧай,T-1,дорого,\nСахар,S-1,45,\n"
		s := must(t, open("offers.csv", []byte(csv)))
		id := s["id"].(string)
		if s["status"] != "parsed" || s["rowsCount"] != 4.0 || s["errorRowsCount"] != 2.0 || s["validRowsCount"] != 2.0 {
			t.Fatalf("session: %v", s)
		}
		cols := must2(t, h.Do("GET", "/api/v3/offerImport/"+id+"/columns", apitest.Req{}))
		want := []string{"name", "article", "price", ""}
		for i, c := range cols {
			if c["fieldName"] != want[i] {
				t.Errorf("column %d %v: %v, want %q", i, c["hrName"], c["fieldName"], want[i])
			}
		}
		bad := must2(t, h.Do("GET", "/api/v3/offerImport/"+id+"/errorRows", apitest.Req{}))
		if len(bad) != 2 || bad[0]["index"] != 2.0 || bad[0]["errorMessage"] != "Название обязательно" ||
			bad[1]["errorMessage"] != "Цена должна быть неотрицательным числом" {
			t.Fatalf("error rows: %v", bad)
		}
		rows := must2(t, h.Do("GET", "/api/v3/offerImport/"+id+"/rows", apitest.Req{}))
		if len(rows) != 4 || rows[0]["cells"].([]any)[3].(map[string]any)["validationCode"] != "column_unselected" {
			t.Fatalf("rows: %v", rows)
		}
		// Mapping: the note becomes the description; a field twice is refused.
		post := func(body map[string]any) *apitest.Resp {
			return h.Do("POST", "/api/v3/offerImport/"+id, apitest.Req{Body: body})
		}
		refused(t, post(map[string]any{"columns": []any{map[string]any{"index": 3, "fieldName": "name"}}}), "stock_import_field", "")
		refused(t, post(map[string]any{"columns": []any{map[string]any{"index": 3, "fieldName": "password"}}}), "stock_import_field", "")
		s = must(t, post(map[string]any{"columns": []any{map[string]any{"id": cols[3]["id"], "fieldName": "description"}}}))
		if s["status"] != "validated" {
			t.Fatalf("mapped: %v", s)
		}
		before := count(t, h, "SELECT COUNT(*) FROM e_offer")
		var wg sync.WaitGroup
		runs := make([]int, 4)
		for i := range runs {
			wg.Add(1)
			go func(i int) { defer wg.Done(); runs[i] = post(map[string]any{"status": "saving"}).Status }(i)
		}
		wg.Wait()
		ok := 0
		for _, st := range runs {
			if st == 200 {
				ok++
			} else if st != 422 {
				t.Errorf("a run answered %d", st)
			}
		}
		if ok != 1 {
			t.Errorf("%d runs succeeded, want one", ok)
		}
		if n := count(t, h, "SELECT COUNT(*) FROM e_offer") - before; n != 2 {
			t.Errorf("a run made %d offers, want 2", n)
		}
		s = must(t, h.Do("GET", "/api/v3/offerImport/"+id, apitest.Req{}))
		if s["status"] != "saved" || s["savedRowsCount"] != 2.0 {
			t.Errorf("after the run: %v", s)
		}
		found := must2(t, h.Do("GET", "/api/v3/offer"+apitest.Q(`{"q":"Кофе"}`), apitest.Req{}))
		if len(found) != 1 || found[0]["description"] != "крепкий" || found[0]["article"] != "K-1" {
			t.Errorf("the imported offer: %v", found)
		}
		refused(t, post(map[string]any{"status": "saving"}), "stock_import_state", "")
		// Someone else does not see the session.
		_, tok := h.Person(t, "Ольга", "olga", "olga long password")
		if r := h.Do("GET", "/api/v3/offerImport/"+id, apitest.Req{Token: tok}); r.Status != 404 {
			t.Errorf("another's session: %d", r.Status)
		}
		if list := must2(t, h.Do("GET", "/api/v3/offerImport", apitest.Req{})); len(list) != 1 {
			t.Errorf("sessions: %v", list)
		}
		// XLSX, the first sheet; a file that is neither is refused.
		f := excelize.NewFile()
		_ = f.SetSheetRow("Sheet1", "A1", &[]any{"name", "price", "type"})
		_ = f.SetSheetRow("Sheet1", "A2", &[]any{"Мёд", 500, "product"})
		_ = f.SetSheetRow("Sheet1", "A3", &[]any{"Доставка", 300, "услуга"})
		buf, err := f.WriteToBuffer()
		if err != nil {
			t.Fatal(err)
		}
		x := must(t, open("offers.xlsx", buf.Bytes()))
		if x["validRowsCount"] != 2.0 || x["errorRowsCount"] != 0.0 {
			t.Fatalf("xlsx session: %v", x)
		}
		refused(t, open("x.csv", []byte(strings.Repeat("a;", 60)+"\n")), "stock_import_format", "")
		if r := h.Do("DELETE", "/api/v3/offerImport/"+x["id"].(string), apitest.Req{}); r.Status != 200 {
			t.Errorf("delete: %d", r.Status)
		}
	})
}

// The filtered export answers a FilterExport whose file is the
// catalogue's CSV of the offers the search finds.
func TestOfferFilterExport(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		d.offer("Кофе", "product")
		d.offer("Чай", "product")
		r := must(t, h.Do("GET", "/api/v3/offerFilter/export"+apitest.Q(`{"query":"Кофе"}`), apitest.Req{}))
		file := r["file"].(map[string]any)
		dl := h.Do("GET", "/api/v3/file/"+file["id"].(string)+"/download", apitest.Req{})
		if dl.Status != 200 || !strings.Contains(string(dl.Body), "Кофе") || strings.Contains(string(dl.Body), "Чай") {
			t.Fatalf("export: %d %s", dl.Status, dl.Body)
		}
	})
}

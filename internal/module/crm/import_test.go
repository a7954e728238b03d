package crm_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/artel/artel/internal/apitest"
)

// startImport uploads a file and makes an import session of it.
func startImport(t *testing.T, h *apitest.Harness, token, name string, data []byte, clientType string) *apitest.Resp {
	t.Helper()
	up := h.Upload(t, token, name, data)
	if up.Status != 200 {
		t.Fatalf("upload %s: %d %s", name, up.Status, up.Body)
	}
	return h.Do("POST", "/api/v3/contractorImport", apitest.Req{Token: token, Body: map[string]any{
		"file": apitest.Link("File", up.Obj()["id"].(string)), "clientType": clientType}})
}

// runImport starts a session with the duplicates mode and waits for it.
func runImport(t *testing.T, h *apitest.Harness, token, id, duplicates string) map[string]any {
	t.Helper()
	r := h.Do("POST", "/api/v3/contractorImport/"+id, apitest.Req{Token: token, Body: map[string]any{"duplicates": duplicates, "status": "saving"}})
	if r.Status != 200 {
		t.Fatalf("start import: %d %s", r.Status, r.Body)
	}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		got := h.Do("GET", "/api/v3/contractorImport/"+id, apitest.Req{Token: token}).Obj()
		if got["status"] == "saved" {
			return got
		}
	}
	t.Fatalf("import %s did not finish", id)
	return nil
}

func counts(j map[string]any) [4]int {
	n := func(k string) int { f, _ := j[k].(float64); return int(f) }
	return [4]int{n("createdCount"), n("updatedCount"), n("skippedCount"), n("errorRowsCount")}
}

// findByPhone is the clients q finds for a number.
func findByPhone(t *testing.T, h *apitest.Harness, q string) []map[string]any {
	t.Helper()
	return h.Do("GET", "/api/v3/contractor"+apitest.Q(`{"q":"`+q+`","fields":["name","company","position","contactInfo"]}`), apitest.Req{}).List()
}

// A CSV file (semicolons, a byte-order mark, Russian headings) maps its
// columns by their headings, shows a preview, and saves each good row;
// a row matching a client by phone is skipped, and broken rows are
// reported with why, nothing of them saved.
func TestImportCSV(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		create(t, h, "contractorHuman", map[string]any{"firstName": "Старый", "contactInfo": []any{phone("+7 912 345-67-89")}})
		csv := "\xef\xbb\xbfФИО;Телефон;E-mail;Компания;Должность;Заметка\n" +
			"Петров Пётр Петрович;8 (903) 111-22-33;petrov@example.com;ООО «Ромашка»;Директор;x\n" +
			"Сидорова Анна;+7 903 444 55 66, 8 903 444 55 67;;ООО «Ромашка»;;\n" +
			"Дубль;89123456789;;;;\n" +
			";+7 903 000 00 00;;;;\n" +
			"Плохой Телефон;12;;;;\n" +
			"\n" +
			"Почта Плохая;;not-an-address;;;\n"
		r := startImport(t, h, "", "clients.csv", []byte(csv), "human")
		if r.Status != 200 {
			t.Fatalf("session: %d %s", r.Status, r.Body)
		}
		s := r.Obj()
		id := s["id"].(string)
		if s["status"] != "parsed" || s["rowsCount"] != float64(6) {
			t.Fatalf("session: %v", s)
		}
		var mapped []string
		for _, c := range s["columns"].([]any) {
			mapped = append(mapped, c.(map[string]any)["fieldName"].(string))
		}
		if strings.Join(mapped, ",") != "name,phone,email,company,position," {
			t.Fatalf("guessed mapping %v", mapped)
		}
		rows := h.Do("GET", "/api/v3/contractorImport/"+id+"/rows", apitest.Req{}).List()
		if len(rows) != 6 || rows[0]["cells"].([]any)[0].(map[string]any)["hrValue"] != "Петров Пётр Петрович" {
			t.Fatalf("preview: %v", rows)
		}
		done := runImport(t, h, "", id, "skip")
		if got := counts(done); got != [4]int{2, 0, 1, 3} || done["loadingProgress"] != float64(100) {
			t.Fatalf("counts created/updated/skipped/errors %v: %v", got, done)
		}
		found := findByPhone(t, h, "+79031112233")
		if len(found) != 1 || found[0]["name"] != "Петров Пётр Петрович" || found[0]["position"] != "Директор" {
			t.Fatalf("imported person: %v", found)
		}
		company, _ := found[0]["company"].(map[string]any)
		anna := findByPhone(t, h, "89034445567")
		if company == nil || len(anna) != 1 || anna[0]["company"].(map[string]any)["id"] != company["id"] {
			t.Fatalf("one company for both: %v / %v", company, anna)
		}
		if n := len(findByPhone(t, h, "89123456789")); n != 1 {
			t.Fatalf("duplicate skipped: %d clients with the number", n)
		}
		if n := len(findByPhone(t, h, "89030000000")); n != 0 {
			t.Fatalf("a row without a name saved")
		}
		errs := h.Do("GET", "/api/v3/contractorImport/"+id+"/errorRows", apitest.Req{}).List()
		want := []struct {
			index float64
			msg   string
		}{{4, "Нет имени клиента"}, {5, "Телефон: Неверный формат телефона"}, {6, "Неверный формат почты"}}
		if len(errs) != len(want) {
			t.Fatalf("error rows: %v", errs)
		}
		for i, w := range want {
			if errs[i]["index"] != w.index || !strings.Contains(errs[i]["errorMessage"].(string), w.msg) || errs[i]["status"] != "error" {
				t.Fatalf("error row %d: %v, want %v", i, errs[i], w)
			}
		}
		if r := h.Do("POST", "/api/v3/contractorImport/"+id, apitest.Req{Body: map[string]any{"status": "saving"}}); r.Status != 422 {
			t.Fatalf("started twice: %d %s", r.Status, r.Body)
		}
	})
}

// The duplicates modes: update gives the matched client what the row
// adds, create makes a new client all the same.
func TestImportDuplicateModes(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		old := create(t, h, "contractorHuman", map[string]any{"firstName": "Старый", "contactInfo": []any{phone("+7 912 345-67-89")}})
		file := []byte("Name,Phone,Email,Position\nНовый Человек,8 912 345 67 89,new@example.com,Бухгалтер\n")
		s := startImport(t, h, "", "a.csv", file, "human").Obj()
		if got := counts(runImport(t, h, "", s["id"].(string), "update")); got != [4]int{0, 1, 0, 0} {
			t.Fatalf("update counts %v", got)
		}
		c := h.Do("GET", "/api/v3/contractorHuman/"+old, apitest.Req{}).Obj()
		info := c["contactInfo"].([]any)
		if c["position"] != "Бухгалтер" || len(info) != 2 || info[1].(map[string]any)["value"] != "new@example.com" {
			t.Fatalf("updated client: %v", c)
		}
		s = startImport(t, h, "", "b.csv", file, "human").Obj()
		if got := counts(runImport(t, h, "", s["id"].(string), "create")); got != [4]int{1, 0, 0, 0} {
			t.Fatalf("create counts %v", got)
		}
		if n := len(findByPhone(t, h, "89123456789")); n != 2 {
			t.Fatalf("create mode: %d clients with the number", n)
		}
	})
}

// An XLSX file imports companies; the mapping is changed by the user.
func TestImportXLSX(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		f := excelize.NewFile()
		for i, row := range [][]any{{"Организация", "Тел.", "Сайт"}, {"ООО «Альфа»", "+7 495 765 43 21", "alfa.ru"}, {"АО «Бета»", "8-495-765-43-22", ""}} {
			cell, _ := excelize.CoordinatesToCellName(1, i+1)
			if err := f.SetSheetRow("Sheet1", cell, &row); err != nil {
				t.Fatal(err)
			}
		}
		var buf bytes.Buffer
		if err := f.Write(&buf); err != nil {
			t.Fatal(err)
		}
		r := startImport(t, h, "", "companies.xlsx", buf.Bytes(), "company")
		if r.Status != 200 {
			t.Fatalf("session: %d %s", r.Status, r.Body)
		}
		id := r.Obj()["id"].(string)
		if r := h.Do("POST", "/api/v3/contractorImport/"+id, apitest.Req{Body: map[string]any{"status": "saving"}}); r.Status != 422 {
			t.Fatalf("started without a name column: %d %s", r.Status, r.Body)
		}
		if r := h.Do("POST", "/api/v3/contractorImport/"+id, apitest.Req{Body: map[string]any{"columns": []any{
			map[string]any{"index": 0, "fieldName": "nonsense"}}}}); r.Status != 422 {
			t.Fatalf("unknown field: %d %s", r.Status, r.Body)
		}
		if r := h.Do("POST", "/api/v3/contractorImport/"+id, apitest.Req{Body: map[string]any{"columns": []any{
			map[string]any{"index": 0, "fieldName": "name"}, map[string]any{"index": 1, "fieldName": "phone"}}}}); r.Status != 200 {
			t.Fatalf("mapping: %d %s", r.Status, r.Body)
		}
		if got := counts(runImport(t, h, "", id, "skip")); got != [4]int{2, 0, 0, 0} {
			t.Fatalf("counts %v %s", got, h.Do("GET", "/api/v3/contractorImport/"+id+"/errorRows", apitest.Req{}).Body)
		}
		found := findByPhone(t, h, "84957654322")
		if len(found) != 1 || found[0]["name"] != "АО «Бета»" || found[0]["contentType"] != "ContractorCompany" {
			t.Fatalf("imported company: %v", found)
		}
	})
}

// A file that is no table is refused with a clear 422 and no session;
// importing needs crm_add, and a session is its maker's own.
func TestImportRefused(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		for name, data := range map[string][]byte{
			"empty.csv":   []byte(""),
			"head.csv":    []byte("Имя;Телефон\n"),
			"binary.csv":  {0x00, 0x01, 0x02, 0xff, 0x00},
			"broken.xlsx": []byte("PK\x03\x04 not really a zip"),
		} {
			r := startImport(t, h, "", name, data, "human")
			if e := r.Errors(); r.Status != 422 || len(e) != 1 || e[0]["field"] != "file" || e[0]["type"] != "import_bad_file" {
				t.Fatalf("%s: %d %s", name, r.Status, r.Body)
			}
		}
		if r := h.Do("GET", "/api/v3/contractorImport", apitest.Req{}); len(r.List()) != 0 {
			t.Fatalf("sessions made of bad files: %s", r.Body)
		}
		if r := h.Do("POST", "/api/v3/contractorImport", apitest.Req{Body: map[string]any{"clientType": "human"}}); r.Status != 422 {
			t.Fatalf("no file: %d %s", r.Status, r.Body)
		}
		if r := h.Do("POST", "/api/v3/contractorImport", apitest.Req{Body: "{"}); r.Status != 400 {
			t.Fatalf("bad JSON: %d %s", r.Status, r.Body)
		}
		for _, grp := range h.Do("GET", "/api/v3/rightsGroup", apitest.Req{}).List() {
			if grp["everyone"] == true {
				h.Do("POST", "/api/v3/rightsGroup/"+grp["id"].(string), apitest.Req{Body: map[string]any{"name": "Сотрудники", "everyone": true, "actions": []string{"crm_enter"}}})
			}
		}
		plain := h.NewUser(t, "plain")
		r := startImport(t, h, plain, "a.csv", []byte("Имя\nКто-то\n"), "human")
		if r.Status != 403 {
			t.Fatalf("import without crm_add: %d %s", r.Status, r.Body)
		}
		mine := startImport(t, h, "", "a.csv", []byte("Имя\nКто-то\n"), "human").Obj()["id"].(string)
		if r := h.Do("GET", "/api/v3/contractorImport/"+mine, apitest.Req{Token: plain}); r.Status != 404 {
			t.Fatalf("another's session: %d %s", r.Status, r.Body)
		}
	})
}

package crm_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func jsonOf(v any) string { b, _ := json.Marshal(v); return string(b) }

// tagNames names the tags links point at, sorted, joined by commas.
func tagNames(t *testing.T, h *apitest.Harness, links any) string {
	t.Helper()
	names := map[string]string{}
	for _, tag := range h.Do("GET", "/api/v3/contractorCompany/tags", apitest.Req{}).List() {
		names[tag["id"].(string)], _ = tag["name"].(string)
	}
	var out []string
	list, _ := links.([]any)
	for _, l := range list {
		out = append(out, names[l.(map[string]any)["id"].(string)])
	}
	slices.Sort(out)
	return strings.Join(out, ",")
}

// Tags, an address, extra fields (guessed by their captions) and
// requisites are import columns; a bad requisite or extra value refuses
// its row with the column's heading, nothing of it saved.
func TestImportTagsExtraFieldsRequisites(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		branch := h.ExtraField(t, "contractorCompany", map[string]any{"contentType": "StringField", "hrName": "Отрасль"})
		since := h.ExtraField(t, "contractorCompany", map[string]any{"contentType": "DateField", "hrName": "Дата договора"})
		personal := h.ExtraField(t, "contractorHuman", map[string]any{"contentType": "StringField", "hrName": "Хобби"})
		csv := "Название;Метки;Адрес;Отрасль;Дата договора;ИНН;КПП;Банк;БИК;Р/с;К/с;Юридический адрес\n" +
			"ООО «Альфа»;VIP, опт;Москва, ул. Тверская, 1;Розница;31.12.2025;7701234567;770101001;ПАО Банк;044525225;40702810900000000001;30101810400000000225;Москва, ул. Тверская, 1\n" +
			"ООО «Бета»;Новая метка;;;;12345;;;;;;\n" +
			"ООО «Гамма»;Ещё метка;;;завтра;;;;;;;\n" +
			"ООО «Дельта»;vip;;;;;;;;;;\n"
		r := startImport(t, h, "", "companies.csv", []byte(csv), "company")
		if r.Status != 200 {
			t.Fatalf("session: %d %s", r.Status, r.Body)
		}
		id := r.Obj()["id"].(string)
		var mapped []string
		for _, c := range r.Obj()["columns"].([]any) {
			mapped = append(mapped, c.(map[string]any)["fieldName"].(string))
		}
		want := "name,tags,address," + branch + "," + since + ",inn,kpp,bank,bik,currentAccount,correspondentAccount,legalAddress"
		if strings.Join(mapped, ",") != want {
			t.Fatalf("guessed mapping %v, want %s", mapped, want)
		}
		path := "/api/v3/contractorImport/" + id
		if r := h.Do("POST", path, apitest.Req{Body: map[string]any{"columns": []any{
			map[string]any{"index": 3, "fieldName": personal}}}}); r.Status != 422 || !strings.Contains(string(r.Body), `"field":"fieldName"`) {
			t.Fatalf("a person's extra field in a company import: %d %s", r.Status, r.Body)
		}
		if r := h.Do("POST", path, apitest.Req{Body: map[string]any{"clientType": "human"}}); r.Status != 422 {
			t.Fatalf("the type changed under a company's extra fields: %d %s", r.Status, r.Body)
		}
		if got := counts(runImport(t, h, "", id, "skip")); got != [4]int{2, 0, 0, 2} {
			t.Fatalf("counts created/updated/skipped/errors %v", got)
		}
		list := h.Do("GET", "/api/v3/contractorCompany"+apitest.Q(`{"fields":["name","tags","contactInfo","`+branch+`","`+since+`"],"limit":10}`), apitest.Req{}).List()
		byName := map[string]map[string]any{}
		for _, c := range list {
			byName[c["name"].(string)] = c
		}
		alfa, delta := byName["ООО «Альфа»"], byName["ООО «Дельта»"]
		if alfa == nil || delta == nil || len(byName) != 2 {
			t.Fatalf("imported companies: %v", list)
		}
		if alfa[branch] != "Розница" || !strings.Contains(jsonOf(alfa[since]), `"day":31,"month":11,"year":2025`) {
			t.Fatalf("extra fields: %v", alfa)
		}
		info := jsonOf(alfa["contactInfo"])
		if !strings.Contains(info, `"contentType":"Address"`) || !strings.Contains(info, "Москва, ул. Тверская, 1") {
			t.Fatalf("address: %s", info)
		}
		if a, d := tagNames(t, h, alfa["tags"]), tagNames(t, h, delta["tags"]); a != "VIP,опт" || d != "VIP" {
			t.Fatalf("tags (vip is the same tag as VIP): %s / %s", a, d)
		}
		for _, name := range []string{"Новая метка", "Ещё метка"} {
			if strings.Contains(string(h.Do("GET", "/api/v3/contractorCompany/tags", apitest.Req{}).Body), name) {
				t.Fatalf("a refused row's tag %q was kept", name)
			}
		}
		payers := h.Do("GET", "/api/v3/contractorCompany/"+alfa["id"].(string)+"/payers"+apitest.Q(`{"fields":["name","type","inn","kpp","bank","bik","currentAccount","correspondentAccount","legalAddress"]}`), apitest.Req{}).List()
		if len(payers) != 1 || payers[0]["name"] != "ООО «Альфа»" || payers[0]["type"] != "Legal" || payers[0]["inn"] != "7701234567" ||
			payers[0]["kpp"] != "770101001" || payers[0]["bik"] != "044525225" || payers[0]["currentAccount"] != "40702810900000000001" ||
			payers[0]["legalAddress"] != "Москва, ул. Тверская, 1" {
			t.Fatalf("requisites: %v", payers)
		}
		errs := h.Do("GET", path+"/errorRows", apitest.Req{}).List()
		if len(errs) != 2 || !strings.Contains(errs[0]["errorMessage"].(string), "ИНН: Неверное число цифр: 12345") ||
			!strings.HasPrefix(errs[1]["errorMessage"].(string), "Дата договора: ") {
			t.Fatalf("error rows: %v", errs)
		}
	})
}

// A row updating a duplicate adds its tags to the client's own and its
// requisites once: a payer with the same INN is not made again.
func TestImportUpdateKeepsTagsAndPayers(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		old := create(t, h, "contractorHuman", map[string]any{"firstName": "Старый", "contactInfo": []any{phone("+7 912 345-67-89")}})
		if r := h.Do("POST", "/api/v3/contractorHuman/"+old+"/tags", apitest.Req{Body: map[string]any{"name": "Старая"}}); r.Status != 200 {
			t.Fatalf("tag: %d %s", r.Status, r.Body)
		}
		file := []byte("Имя,Телефон,Метки,ИНН,Плательщик\nСтарый,89123456789,Новая,770123456789,ИП Старый\n")
		for range 2 {
			s := startImport(t, h, "", "a.csv", file, "human").Obj()
			if got := counts(runImport(t, h, "", s["id"].(string), "update")); got != [4]int{0, 1, 0, 0} {
				t.Fatalf("update counts %v", got)
			}
		}
		c := h.Do("GET", "/api/v3/contractorHuman/"+old+apitest.Q(`{"fields":["tags"]}`), apitest.Req{}).Obj()
		if tags := tagNames(t, h, c["tags"]); tags != "Новая,Старая" {
			t.Fatalf("tags after update: %s", tags)
		}
		payers := h.Do("GET", "/api/v3/contractorHuman/"+old+"/payers"+apitest.Q(`{"fields":["name","type","inn"]}`), apitest.Req{}).List()
		if len(payers) != 1 || payers[0]["name"] != "ИП Старый" || payers[0]["type"] != "Natural" {
			t.Fatalf("payers after two updates: %v", payers)
		}
	})
}

// A "Тип" and a "Статус" column are guessed and matched by name, case
// aside; a row naming a type or status the account lacks is refused with
// the name, the others import with theirs.
func TestImportTypeAndStatusColumns(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		partner := seeded(t, h, "contractorType", "Партнёр")
		regular := seeded(t, h, "contractorStatus", "Постоянный")
		s := startImport(t, h, "", "a.csv", []byte("Имя,Тип,Статус\nКто-то,партнёр,ПОСТОЯННЫЙ\nНикто,Друг,\nБезтипный,,\n"), "human").Obj()
		cols := s["columns"].([]any)
		if cols[1].(map[string]any)["fieldName"] != "type" || cols[2].(map[string]any)["fieldName"] != "status" {
			t.Fatalf("columns %v", cols)
		}
		id := s["id"].(string)
		if got := counts(runImport(t, h, "", id, "skip")); got != [4]int{2, 0, 0, 1} {
			t.Fatalf("counts %v", got)
		}
		rows := h.Do("GET", "/api/v3/contractorImport/"+id+"/errorRows", apitest.Req{}).List()
		if len(rows) != 1 || !strings.Contains(jsonOf(rows[0]), "Друг") {
			t.Fatalf("error rows %v", rows)
		}
		got := h.Do("GET", "/api/v3/contractorHuman"+apitest.Q(`{"q":"Кто-то","fields":["name","type","status"]}`), apitest.Req{}).List()
		if len(got) != 1 || jsonOf(got[0]["type"]) != jsonOf(apitest.Link("ContractorType", partner)) ||
			jsonOf(got[0]["status"]) != jsonOf(apitest.Link("ContractorStatus", regular)) {
			t.Fatalf("imported %v", got)
		}
	})
}

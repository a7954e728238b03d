package crm_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A file's columns may say a payer's type (also in Russian words) and
// country; a payer abroad has requisites of its own, not checked against
// Russian digits; a type that is neither, or a country not of the list,
// refuses the row.
func TestImportPayerTypeAndCountry(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		csv := "Название;ИНН;Тип плательщика;Страна\n" +
			"ООО «Альфа»;7701234567;Юрлицо;Россия\n" +
			"ИП Бета;770123456789;физическое лицо;\n" +
			"Gamma GmbH;DE123456789;Legal;Германия\n" +
			"ООО «Дельта»;7701234568;Акционерное;\n" +
			"ООО «Эпсилон»;7701234569;;Нарния\n"
		r := startImport(t, h, "", "payers.csv", []byte(csv), "company")
		if r.Status != 200 {
			t.Fatalf("session: %d %s", r.Status, r.Body)
		}
		var mapped []string
		for _, c := range r.Obj()["columns"].([]any) {
			mapped = append(mapped, c.(map[string]any)["fieldName"].(string))
		}
		if strings.Join(mapped, ",") != "name,inn,payerType,payerCountry" {
			t.Fatalf("guessed mapping %v", mapped)
		}
		id := r.Obj()["id"].(string)
		if got := counts(runImport(t, h, "", id, "skip")); got != [4]int{3, 0, 0, 2} {
			t.Fatalf("counts created/updated/skipped/errors %v", got)
		}
		russia := `{"contentType":"Country","id":"1","name":"Россия"}`
		want := map[string]string{"ООО «Альфа»": "Legal " + russia, "ИП Бета": "Natural " + russia,
			"Gamma GmbH": `Legal {"contentType":"Country","id":"276","name":"Германия"}`}
		for _, c := range h.Do("GET", "/api/v3/contractorCompany"+apitest.Q(`{"fields":["name"],"limit":10}`), apitest.Req{}).List() {
			w, ok := want[c["name"].(string)]
			if !ok {
				t.Errorf("imported %v", c["name"])
				continue
			}
			payers := h.Do("GET", "/api/v3/contractorCompany/"+c["id"].(string)+"/payers"+apitest.Q(`{"fields":["type","country"]}`), apitest.Req{}).List()
			if len(payers) != 1 || payers[0]["type"].(string)+" "+jsonOf(payers[0]["country"]) != w {
				t.Errorf("%s's payer %v, want %s", c["name"], payers, w)
			}
		}
		errs := h.Do("GET", "/api/v3/contractorImport/"+id+"/errorRows", apitest.Req{}).List()
		if len(errs) != 2 || !strings.Contains(errs[0]["errorMessage"].(string), "Тип плательщика") || !strings.Contains(errs[1]["errorMessage"].(string), "Нарния") {
			t.Fatalf("error rows: %v", errs)
		}
	})
}

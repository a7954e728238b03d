package leadform_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A form's tags go on what its posts make, and on a known client found by
// a post, beside the client's own.
func TestLeadFormTagsItsLeads(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		form := makeOne(t, h, "/api/v3/customLeadForm", map[string]any{"name": "Заявка с выставки"})
		base := "/api/v3/customLeadForm/" + form
		makeOne(t, h, base+"/element", map[string]any{"name": "firstName", "caption": "Имя", "required": true, "type": "text", "sort": 1})
		makeOne(t, h, base+"/element", map[string]any{"name": "phone", "caption": "Телефон", "required": true, "type": "text", "sort": 2})
		if r := h.Do("POST", base+"/tags", apitest.Req{Body: map[string]any{"contentType": "Tag", "name": "Выставка"}}); r.Status != 200 {
			t.Fatalf("tag the form: %d %s", r.Status, r.Body)
		}
		known := makeOne(t, h, "/api/v3/contractorHuman", map[string]any{"firstName": "Знакомый",
			"contactInfo": []any{map[string]any{"contentType": "ContactInfo", "type": "phone", "value": "+7 912 555-00-11"}}})
		if r := h.Do("POST", "/api/v3/contractorHuman/"+known+"/tags", apitest.Req{Body: map[string]any{"contentType": "Tag", "name": "VIP"}}); r.Status != 200 {
			t.Fatalf("tag the client: %d %s", r.Status, r.Body)
		}
		post := base + "/process/contractor"
		h.Run(t, []apitest.Scenario{
			{Name: "a new lead", Method: "POST", Path: post, Status: 200, Req: anon(`{"firstName":"Новая","phone":"+7 912 555-00-22"}`)},
			{Name: "a known client", Method: "POST", Path: post, Status: 200, Req: anon(`{"firstName":"Знакомый","phone":"89125550011"}`)},
		})
		tagsOf := func(q string) string {
			list := h.Do("GET", "/api/v3/contractorHuman"+apitest.Q(`{"q":"`+q+`","fields":["tags"],"onlyRequestedFields":true}`), apitest.Req{}).List()
			if len(list) != 1 {
				t.Fatalf("%s: %d clients", q, len(list))
			}
			var names []string
			for _, l := range list[0]["tags"].([]any) {
				id := l.(map[string]any)["id"].(string)
				names = append(names, h.Do("GET", "/api/v3/tag/"+id, apitest.Req{}).Obj()["name"].(string))
			}
			sort.Strings(names)
			return strings.Join(names, ",")
		}
		if got := tagsOf("Новая"); got != "Выставка" {
			t.Errorf("the new lead's tags: %s", got)
		}
		if got := tagsOf("Знакомый"); got != "VIP,Выставка" {
			t.Errorf("the known client's tags: %s", got)
		}
	})
}

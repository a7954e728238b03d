package leadform_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A form's fields may fill extra fields: the client type's the form
// makes, and the deal's of every process or the form's own; the page
// offers a choice's options; a value the field cannot take is refused on
// the field with nothing written; the client and the deal get the rest.
func TestLeadFormExtraFields(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		city := h.ExtraField(t, "contractorHuman", map[string]any{"contentType": "EnumField", "hrName": "Город", "enumValues": []string{"Москва", "Казань"}})
		age := h.ExtraField(t, "contractorHuman", map[string]any{"contentType": "IntegerField", "hrName": "Возраст"})
		sector := h.ExtraField(t, "contractorCompany", map[string]any{"contentType": "StringField", "hrName": "Отрасль"})
		wage := h.ExtraField(t, "contractorHuman", map[string]any{"contentType": "MoneyField", "hrName": "Доход"})
		program := makeOne(t, h, "/api/v3/program", map[string]any{"name": "Продажи"})
		makeOne(t, h, "/api/v3/programState", map[string]any{"name": "Новая", "isEntry": true, "program": apitest.Link("Program", program)})
		other := makeOne(t, h, "/api/v3/program", map[string]any{"name": "Закупки"})
		budget := h.ExtraField(t, "deal", map[string]any{"contentType": "IntegerField", "hrName": "Бюджет"})
		area := h.ExtraField(t, "deal", map[string]any{"contentType": "StringField", "hrName": "Площадь", "owner": apitest.Link("Program", program)})
		foreign := h.ExtraField(t, "deal", map[string]any{"contentType": "StringField", "hrName": "Поставщик", "owner": apitest.Link("Program", other)})

		form := makeOne(t, h, "/api/v3/customLeadForm", map[string]any{"name": "Анкета", "type": "deal", "program": apitest.Link("Program", program)})
		base := "/api/v3/customLeadForm/" + form
		el := func(name string) apitest.Req { return apitest.Req{Body: map[string]any{"name": name, "caption": name}} }
		h.Run(t, []apitest.Scenario{
			{Name: "the person's choice", Method: "POST", Path: base + "/element", Status: 200, Req: el(city), Contains: []string{`"type":"dropdown"`}},
			{Name: "the person's number", Method: "POST", Path: base + "/element", Status: 200, Req: el(age), Contains: []string{`"type":"float"`}},
			{Name: "the deal's of every process", Method: "POST", Path: base + "/element", Status: 200, Req: el(budget)},
			{Name: "the deal's of the form's process", Method: "POST", Path: base + "/element", Status: 200, Req: el(area)},
			{Name: "a deal field of another process", Method: "POST", Path: base + "/element", Status: 422, Req: el(foreign), Contains: []string{`"field":"name"`}},
			{Name: "a company's field on a person's form", Method: "POST", Path: base + "/element", Status: 422, Req: el(sector), Contains: []string{`"field":"name"`}},
			{Name: "money, which text cannot fill", Method: "POST", Path: base + "/element", Status: 422, Req: el(wage), Contains: []string{`"field":"name"`}},
			{Name: "the page offers the options", Method: "GET", Path: "/api/v3/customLeadForm/render/" + form, Status: 200, Req: apitest.Req{NoAuth: true},
				Contains: []string{`"options":["Москва","Казань"]`}},
		})
		makeOne(t, h, base+"/element", map[string]any{"name": "phone", "caption": "Телефон", "required": true})
		post := base + "/process/deal"
		send := func(extra string) apitest.Req {
			return anon(`{"phone":"+7 901 222 33 44",` + extra + `}`)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "not a number", Method: "POST", Path: post, Status: 422, Req: send(`"` + age + `":"много","` + city + `":"Москва"`), Contains: []string{`"field":"` + age + `"`}},
			{Name: "not one of the options", Method: "POST", Path: post, Status: 422, Req: send(`"` + city + `":"Тула"`), Contains: []string{`"field":"` + city + `"`}},
			{Name: "nothing written", Method: "GET", Path: base, Status: 200, Contains: []string{`"postCount":0`}},
			{Name: "a good post", Method: "POST", Path: post, Status: 200,
				Req: send(`"` + age + `":"34","` + city + `":"Казань","` + budget + `":"500000","` + area + `":"120 м²"`)},
		})
		client := h.Do("GET", "/api/v3/contractorHuman"+apitest.Q(`{"q":"89012223344","fields":["`+age+`","`+city+`"]}`), apitest.Req{}).List()
		if len(client) != 1 || client[0][age] != float64(34) || client[0][city] != "Казань" {
			t.Fatalf("the client's extra fields: %v", client)
		}
		deals := string(h.Do("GET", "/api/v3/deal"+apitest.Q(`{"fields":["`+budget+`","`+area+`"],"limit":5}`), apitest.Req{}).Body)
		if !strings.Contains(deals, `"`+budget+`":500000`) || !strings.Contains(deals, `"`+area+`":"120 м²"`) {
			t.Fatalf("the deal's extra fields: %s", deals)
		}
	})
}

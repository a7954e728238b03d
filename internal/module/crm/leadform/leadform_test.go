package leadform_test

import (
	"context"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func makeOne(t *testing.T, h *apitest.Harness, path string, body map[string]any) string {
	t.Helper()
	r := h.Do("POST", path, apitest.Req{Body: body})
	if r.Status != 200 {
		t.Fatalf("create %s: %s", path, r.Body)
	}
	return r.Obj()["id"].(string)
}

// anon is a post of a form by someone not signed in.
func anon(body string) apitest.Req {
	return apitest.Req{NoAuth: true, Body: body, ContentType: "application/json"}
}

// A client form: its elements, then posts from the site without
// sign-in: bad and hostile ones refused with nothing written, a good one
// making a client with the UTM kept, a second with the phone written
// otherwise finding the same client, and the rate limit.
func TestLeadFormClient(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		_, emp := h.Person(t, "Ольга", "olga@example.com", "long enough pass")
		form := makeOne(t, h, "/api/v3/customLeadForm", map[string]any{"name": "Заявка с сайта", "afterSubmitText": "Спасибо, мы перезвоним"})
		base := "/api/v3/customLeadForm/" + form
		el := func(name, caption string, required bool, sort int) {
			makeOne(t, h, base+"/element", map[string]any{"name": name, "caption": caption, "required": required, "type": "text", "sort": sort})
		}
		el("firstName", "Имя", true, 1)
		el("phone", "Телефон", true, 2)
		el("email", "Почта", false, 3)
		el("comment", "Вопрос", false, 4)
		post := base + "/process/contractor"
		clients := func() int {
			return len(h.Do("GET", `/api/v3/contractorHuman?fields=["name"]&limit=100`, apitest.Req{}).List())
		}
		before := clients()
		h.Run(t, []apitest.Scenario{
			{Name: "made active, with its page's uuid", Method: "GET", Path: base, Status: 200,
				Contains: []string{`"active":true`, `"postCount":0`, `"type":"contractor"`, `"clientType":"human"`, `"uuid":"`}},
			{Name: "a field that fills nothing", Method: "POST", Path: base + "/element", Status: 422, Req: apitest.Req{Body: map[string]any{"name": "password"}},
				Contains: []string{`"field":"name"`}},
			{Name: "an employee may not add fields", Method: "POST", Path: base + "/element", Status: 403, Req: apitest.Req{Token: emp, Body: map[string]any{"name": "email"}}},
			{Name: "the fields in order", Method: "GET", Path: base + `/element?fields=["name"]`, Status: 200, Contains: []string{`"name":"firstName"`, `"name":"comment"`}},
			{Name: "a deal form needs a process", Method: "POST", Path: "/api/v3/customLeadForm", Status: 422,
				Req: apitest.Req{Body: map[string]any{"name": "Сделка", "type": "deal"}}, Contains: []string{`"field":"program"`}},
			{Name: "the page's description, without sign-in", Method: "GET", Path: "/api/v3/customLeadForm/render/" + form, Status: 200, Req: apitest.Req{NoAuth: true},
				Contains: []string{`"name":"Заявка с сайта"`, `"caption":"Телефон"`, `"required":true`}, NotContains: []string{`"captcha"`}},
			{Name: "not JSON", Method: "POST", Path: post, Status: 400, Req: anon(`{"firstName":`)},
			{Name: "a required field left out", Method: "POST", Path: post, Status: 422, Req: anon(`{"phone":"+7 912 345-67-89"}`),
				Contains: []string{`"field":"firstName"`}},
			{Name: "a phone of no digits", Method: "POST", Path: post, Status: 422, Req: anon(`{"firstName":"Анна","phone":"позвоните"}`),
				Contains: []string{`"field":"phone"`}},
			{Name: "not an e-mail", Method: "POST", Path: post, Status: 422, Req: anon(`{"firstName":"Анна","phone":"89123456789","email":"anna at mail"}`),
				Contains: []string{`"field":"email"`}},
			{Name: "a value that is not text", Method: "POST", Path: post, Status: 422, Req: anon(`{"firstName":{"$gt":""},"phone":"89123456789"}`),
				Contains: []string{`"field":"firstName"`}},
			{Name: "too long", Method: "POST", Path: post, Status: 422, Req: anon(`{"firstName":"Анна","phone":"89123456789","comment":"` + strings.Repeat("я", 2001) + `"}`),
				Contains: []string{`"field":"comment"`}},
			{Name: "a deal post to a client form", Method: "POST", Path: base + "/process/deal", Status: 404, Req: anon(`{"firstName":"Анна","phone":"89123456789"}`)},
			{Name: "nothing written", Method: "GET", Path: base, Status: 200, Contains: []string{`"postCount":0`}},
		})
		if n := clients(); n != before {
			t.Fatalf("refused posts made clients: %d, was %d", n, before)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "a post from the site", Method: "POST", Path: post, Status: 200,
				Req: anon(`{"firstName":"Анна","phone":"+7 912 345-67-89","email":"anna@example.com","comment":"<script>alert(1)</script> Нужен счёт",
					"utm_source":"yandex","utm_campaign":"зима","referrer":"https://shop.example/price","password":"ignored"}`),
				Contains: []string{`"afterSubmitText":"Спасибо, мы перезвоним"`}},
		})
		if n := clients(); n != before+1 {
			t.Fatalf("the post made %d clients, want 1", n-before)
		}
		found := h.Do("GET", "/api/v3/contractorHuman"+apitest.Q(`{"q":"8 912 3456789","fields":["name"]}`), apitest.Req{}).List()
		if len(found) != 1 || found[0]["name"] != "Анна" {
			t.Fatalf("the client by a phone written otherwise: %v", found)
		}
		id := found[0]["id"].(string)
		comments := string(h.Do("GET", "/api/v3/contractorHuman/"+id+"/comments", apitest.Req{}).Body)
		for _, want := range []string{"Заявка с формы «Заявка с сайта»", "utm_source: yandex", "utm_campaign: зима", "referrer: https://shop.example/price", "Вопрос: \\u003cscript"} {
			if !strings.Contains(comments, want) {
				t.Fatalf("the post's comment lacks %q: %s", want, comments)
			}
		}
		h.Run(t, []apitest.Scenario{
			{Name: "the same client, the phone written otherwise", Method: "POST", Path: post, Status: 200,
				Req: anon(`{"firstName":"Анна Петровна","phone":"8 (912) 345 67 89"}`)},
			{Name: "posts counted", Method: "GET", Path: base, Status: 200, Contains: []string{`"postCount":2`}},
		})
		if n := clients(); n != before+1 {
			t.Fatalf("a known phone made a new client: %d", n-before)
		}
		for i := 0; i < 3; i++ {
			h.Do("POST", post, anon(`{"firstName":"Бот","phone":"+7 900 000 00 0`+string(rune('0'+i))+`"}`))
		}
		h.Run(t, []apitest.Scenario{
			{Name: "the sixth post in ten minutes", Method: "POST", Path: post, Status: 429, Req: anon(`{"firstName":"Бот","phone":"+7 900 000 00 09"}`)},
			{Name: "switched off", Method: "GET", Path: base + "/disable", Status: 200, Contains: []string{`"active":false`}},
			{Name: "no page once off", Method: "GET", Path: "/api/v3/customLeadForm/render/" + form, Status: 404, Req: apitest.Req{NoAuth: true}},
		})
	})
}

// A deal form with a captcha: the picture, a wrong answer refused (and
// the captcha used up), a right one making the client and the deal in
// the form's process and state, the responsible told; the public page.
func TestLeadFormDeal(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		olgaID, olga := h.Person(t, "Ольга", "olga@example.com", "long enough pass")
		program := makeOne(t, h, "/api/v3/program", map[string]any{"name": "Продажи"})
		prog := apitest.Link("Program", program)
		makeOne(t, h, "/api/v3/programState", map[string]any{"name": "Новая", "isEntry": true, "program": prog})
		lead := makeOne(t, h, "/api/v3/programState", map[string]any{"name": "Заявка с сайта", "program": prog})
		other := makeOne(t, h, "/api/v3/program", map[string]any{"name": "Закупки"})
		foreign := makeOne(t, h, "/api/v3/programState", map[string]any{"name": "Чужая", "program": apitest.Link("Program", other)})
		h.Run(t, []apitest.Scenario{
			{Name: "a state of another process", Method: "POST", Path: "/api/v3/customLeadForm", Status: 422,
				Req:      apitest.Req{Body: map[string]any{"name": "Сделка", "type": "deal", "program": prog, "programState": apitest.Link("ProgramState", foreign)}},
				Contains: []string{`"field":"programState"`}},
		})
		form := makeOne(t, h, "/api/v3/customLeadForm", map[string]any{"name": "Расчёт стоимости", "type": "deal", "program": prog,
			"programState": apitest.Link("ProgramState", lead), "isCaptchaEnabled": true, "needNotify": true,
			"responsible": apitest.Link("Employee", olgaID)})
		base := "/api/v3/customLeadForm/" + form
		makeOne(t, h, base+"/element", map[string]any{"name": "name", "caption": "Как вас зовут", "required": true})
		makeOne(t, h, base+"/element", map[string]any{"name": "email", "caption": "Почта", "required": true})
		captcha := func() (string, string) {
			t.Helper()
			r := h.Do("GET", "/api/v3/customLeadForm/render/"+form, apitest.Req{NoAuth: true})
			c, _ := r.Obj()["captcha"].(map[string]any)
			if c == nil {
				t.Fatalf("no captcha: %s", r.Body)
			}
			id := c["id"].(string)
			var digits string
			db := h.Srv.DB
			if err := db.Q(context.Background()).QueryRowContext(context.Background(), db.Dialect.Rebind(`SELECT digits FROM lead_captchas WHERE id = ?`), id).Scan(&digits); err != nil {
				t.Fatal(err)
			}
			return id, digits
		}
		id, digits := captcha()
		if img := h.Do("GET", "/form/captcha/"+id+".png", apitest.Req{NoAuth: true}); img.Status != 200 || !strings.HasPrefix(string(img.Body), "\x89PNG") {
			t.Fatalf("the captcha's picture: %d", img.Status)
		}
		wrong := "000000"
		if digits == wrong {
			wrong = "111111"
		}
		body := `{"name":"Пётр","email":"petr@example.com","captchaId":"` + id + `"}`
		post := base + "/process/deal"
		h.Run(t, []apitest.Scenario{
			{Name: "a wrong answer", Method: "POST", Path: post + "?token=" + wrong, Status: 422, Req: anon(body), Contains: []string{`"field":"token"`}},
			{Name: "the captcha is used up", Method: "POST", Path: post + "?token=" + digits, Status: 422, Req: anon(body), Contains: []string{`"field":"token"`}},
		})
		id, digits = captcha()
		body = `{"name":"Пётр","email":"petr@example.com","captchaId":"` + id + `"}`
		h.Run(t, []apitest.Scenario{
			{Name: "the right answer", Method: "POST", Path: post + `?token="` + digits + `"`, Status: 200, Req: anon(body)},
			{Name: "the deal in the form's state, managed by its responsible", Method: "GET", Status: 200,
				Path:     `/api/v3/deal?fields=["name","state","manager","contractor"]`,
				Contains: []string{`"name":"Заявка: Расчёт стоимости"`, `"state":{"contentType":"ProgramState","id":"` + lead + `"}`, `"manager":{"contentType":"Employee","id":"` + olgaID + `"}`, `"contractor":{"contentType":"ContractorHuman"`}},
			{Name: "the responsible is told", Method: "GET", Path: "/api/v3/notification", Status: 200, Req: apitest.Req{Token: olga},
				Contains: []string{`"type":"lead_post"`}},
		})
		form0 := h.Do("GET", base+`?fields=["uuid"]`, apitest.Req{}).Obj()
		page := h.Do("GET", "/form/"+form0["uuid"].(string), apitest.Req{NoAuth: true})
		if page.Status != 200 || !strings.Contains(string(page.Body), "Расчёт стоимости") {
			t.Fatalf("the public page: %d %s", page.Status, page.Body)
		}
		if r := h.Do("GET", "/form/00000000-0000-4000-8000-000000000000", apitest.Req{NoAuth: true}); r.Status != 404 {
			t.Fatalf("an unknown form's page: %d", r.Status)
		}
	})
}

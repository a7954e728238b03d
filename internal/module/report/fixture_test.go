package report_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// books is a small company with known figures (docs/report.md has them
// worked out): a sales process New → Offer → Won, New or Offer → Lost;
// six deals of Olga and Ivan; two invoices on one deal; tasks in each
// state of the effectiveness report. Employees keep report_enter and
// invoice_enter but lose deal_enter, so each sees only their own deals.
type books struct {
	h                       *apitest.Harness
	program                 string
	newSt, offer, won, lost string
	olga, ivan              string
	olgaTok, ivanTok        string
	deals                   []string
}

func mk(t *testing.T, h *apitest.Harness, typ string, body map[string]any) string {
	t.Helper()
	r := h.Do("POST", "/api/v3/"+typ, apitest.Req{Body: body})
	if r.Status != 200 {
		t.Fatalf("create %s: %s", typ, r.Body)
	}
	return r.Obj()["id"].(string)
}

func rub(v float64) map[string]any {
	return map[string]any{"contentType": "Money", "value": v, "currency": "RUB"}
}

func at(iso string) map[string]any { return map[string]any{"contentType": "DateTime", "value": iso} }

func newBooks(t *testing.T, h *apitest.Harness) *books {
	b := &books{h: h}
	for _, grp := range h.Do("GET", "/api/v3/rightsGroup", apitest.Req{}).List() {
		if grp["everyone"] == true {
			h.Do("POST", "/api/v3/rightsGroup/"+grp["id"].(string), apitest.Req{Body: map[string]any{"name": "Сотрудники", "everyone": true,
				"actions": []string{"tasks_enter", "tasks_add", "report_enter", "report_add", "invoice_enter"}}})
		}
	}
	b.olga, b.olgaTok = h.Person(t, "Ольга", "olga", "olga long password")
	b.ivan, b.ivanTok = h.Person(t, "Иван", "ivan", "ivan long password")
	b.program = mk(t, h, "program", map[string]any{"name": "Продажи"})
	prog := apitest.Link("Program", b.program)
	st := func(name, typ string, entry bool) string {
		return mk(t, h, "programState", map[string]any{"name": name, "type": typ, "isEntry": entry, "program": prog})
	}
	b.newSt, b.offer, b.won, b.lost = st("Новая", "active", true), st("Предложение", "active", false), st("Выиграна", "positive", false), st("Проиграна", "negative", false)
	move := func(from, to string) string {
		return mk(t, h, "programTransition", map[string]any{"name": "→", "from": apitest.Link("ProgramState", from), "to": apitest.Link("ProgramState", to)})
	}
	toOffer, toWon, toLost, offerLost := move(b.newSt, b.offer), move(b.offer, b.won), move(b.newSt, b.lost), move(b.offer, b.lost)
	deal := func(manager string, price float64, path ...string) {
		id := mk(t, h, "deal", map[string]any{"name": "Сделка", "program": prog, "manager": apitest.Link("Employee", manager), "price": rub(price)})
		for _, tr := range path {
			if r := h.Do("POST", "/api/v3/deal/"+id+"/applyTransition", apitest.Req{Body: apitest.Link("ProgramTransition", tr)}); r.Status != 200 {
				t.Fatalf("move deal %s: %s", id, r.Body)
			}
		}
		b.deals = append(b.deals, id)
	}
	deal(b.olga, 100, toOffer, toWon)
	deal(b.olga, 200, toOffer, toWon)
	deal(b.olga, 50, toLost)
	deal(b.olga, 300)
	deal(b.ivan, 400, toOffer, offerLost)
	deal(b.ivan, 70, toOffer)
	client := mk(t, h, "contractorCompany", map[string]any{"name": "ООО «Альфа»"})
	payer := apitest.Link("Payer", mk(t, h, "contractorCompany/"+client+"/payers", map[string]any{"type": "Legal", "name": "ООО «Альфа»",
		"country": map[string]any{"contentType": "Country", "name": "Россия"}}))
	day := func(y, m, d int) map[string]any {
		return map[string]any{"contentType": "DateOnly", "year": y, "month": m, "day": d}
	}
	for _, inv := range []map[string]any{{"sum": 100.0, "status": "paid"}, {"sum": 50.0, "status": "drawn", "deadline": day(2020, 0, 1)}} {
		inv["rows"] = []any{map[string]any{"contentType": "OfferRow", "name": "Услуги", "price": rub(inv["sum"].(float64))}}
		delete(inv, "sum")
		inv["name"], inv["invoiceDate"], inv["deal"] = "Счёт", day(2020, 0, 1), apitest.Link("Deal", b.deals[0])
		inv["payer"], inv["recipient"], inv["consignee"] = payer, payer, payer
		mk(t, h, "invoice", inv)
	}
	task := func(resp, status string, deadline map[string]any, auditors ...any) {
		body := map[string]any{"name": "Задача", "subject": "Задача", "responsible": apitest.Link("Employee", resp), "status": status, "auditors": auditors}
		if deadline != nil {
			body["deadline"] = deadline
		}
		mk(t, h, "task", body)
	}
	past, future := at("2020-01-01T00:00:00+00:00"), at("2999-01-01T00:00:00+00:00")
	task(b.olga, "done", future)
	task(b.olga, "done", nil)
	task(b.olga, "done", past)
	task(b.olga, "accepted", past)
	task(b.olga, "accepted", nil)
	task(b.olga, "cancelled", past)
	task(b.ivan, "accepted", past, apitest.Link("Employee", b.olga))
	task(b.ivan, "accepted", past)
	task(b.ivan, "assigned", nil)
	return b
}

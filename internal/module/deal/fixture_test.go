package deal_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// process is a small sales process made by the administrator: New (the
// entry) → Offer (needs a client and a sum) → Won (only the manager),
// New or Offer → Lost, and a second program to be foreign to it.
type process struct {
	h                          *apitest.Harness
	program, other             string
	newSt, offer, won, lost    string
	foreign                    string // a state of the other program
	toOffer, toWon, toLost     string // transitions
	lostFromOffer, otherToLost string
	client                     map[string]any
	olga, ivan                 string // employees: Olga manages deals, Ivan does not
	olgaTok, ivanTok           string
}

func (p *process) make(t *testing.T, typ string, body map[string]any) string {
	t.Helper()
	r := p.h.Do("POST", "/api/v3/"+typ, apitest.Req{Body: body})
	if r.Status != 200 {
		t.Fatalf("create %s: %s", typ, r.Body)
	}
	return r.Obj()["id"].(string)
}

func state(id string) map[string]any { return apitest.Link("ProgramState", id) }

func newProcess(t *testing.T, h *apitest.Harness) *process {
	p := &process{h: h}
	p.program = p.make(t, "program", map[string]any{"name": "Продажи"})
	prog := apitest.Link("Program", p.program)
	st := func(name, typ string, entry bool) string {
		return p.make(t, "programState", map[string]any{"name": name, "type": typ, "isEntry": entry, "program": prog, "color": "#2196f3"})
	}
	p.newSt, p.offer, p.won, p.lost = st("Новая", "active", true), st("Предложение", "active", false), st("Выиграна", "positive", false), st("Проиграна", "negative", false)
	move := func(name, from, to, rule string) string {
		return p.make(t, "programTransition", map[string]any{"name": name, "from": state(from), "to": state(to), "rule": rule})
	}
	p.toOffer = move("Отправить предложение", p.newSt, p.offer, `{"requiredFields":["contractor","price"]}`)
	p.toWon = move("Подписать договор", p.offer, p.won, `{"allowed":["manager"]}`)
	p.toLost = move("Отказ", p.newSt, p.lost, "")
	p.lostFromOffer = move("Отказ", p.offer, p.lost, "")
	p.other = p.make(t, "program", map[string]any{"name": "Закупки"})
	p.foreign = p.make(t, "programState", map[string]any{"name": "Заявка", "isEntry": true, "program": apitest.Link("Program", p.other)})
	p.otherToLost = p.make(t, "programTransition", map[string]any{"name": "Чужой", "from": state(p.foreign), "to": state(p.foreign)})
	p.client = apitest.Link("ContractorCompany", p.make(t, "contractorCompany", map[string]any{"name": "ООО «Альфа»"}))
	p.olga, p.olgaTok = h.Person(t, "Ольга", "olga", "olga long password")
	p.ivan, p.ivanTok = h.Person(t, "Иван", "ivan", "ivan long password")
	return p
}

// deal creates a deal of the process managed by Olga, with extra fields.
func (p *process) deal(t *testing.T, extra map[string]any) string {
	body := map[string]any{"name": "Сделка", "program": apitest.Link("Program", p.program), "manager": apitest.Link("Employee", p.olga)}
	for k, v := range extra {
		body[k] = v
	}
	return p.make(t, "deal", body)
}

// get reads a deal as the administrator.
func (p *process) get(t *testing.T, id string) map[string]any {
	r := p.h.Do("GET", "/api/v3/deal/"+id, apitest.Req{})
	if r.Status != 200 {
		t.Fatalf("get deal %s: %s", id, r.Body)
	}
	return r.Obj()
}

func idOf(v any) string {
	m, _ := v.(map[string]any)
	s, _ := m["id"].(string)
	return s
}

func rub(v float64) map[string]any {
	return map[string]any{"contentType": "Money", "value": v, "currency": "RUB"}
}

func apply(tr string) map[string]any {
	return map[string]any{"contentType": "ProgramTransition", "id": tr}
}

package demo

import (
	"strconv"
	"strings"

	"github.com/artel/artel/internal/value"
)

const dealCount = 100

// stage is a created stage of the sales process.
type stage struct {
	link   value.Link
	typ    string // active, positive or negative: a deal's result
	weight int    // how many deals sit in it, out of the sum of weights
}

// salesStages is the funnel, in order; weights shape it like a real one.
var salesStages = []struct {
	name, typ, color, description string
	weight                        int
}{
	{"Новая", "active", "#9e9e9e", "Заявка получена, с клиентом ещё не говорили", 18},
	{"Квалификация", "active", "#2196f3", "Выясняем потребность, бюджет и сроки", 16},
	{"Предложение", "active", "#ff9800", "Коммерческое предложение отправлено", 16},
	{"Переговоры", "active", "#9c27b0", "Согласуем условия и договор", 12},
	{"Выиграна", "positive", "#4caf50", "Договор подписан, оплата получена", 24},
	{"Проиграна", "negative", "#f44336", "Клиент отказался", 14},
}

var dealSubjects = []string{"Внедрение Artel на 25 рабочих мест", "Внедрение Artel на 50 рабочих мест",
	"Продление лицензий на год", "Расширение лицензии", "Интеграция с 1С:Бухгалтерия",
	"Интеграция с телефонией", "Настройка бизнес-процессов продаж", "Обучение сотрудников",
	"Перенос данных из старой CRM", "Годовое сопровождение", "Разработка отчётов для руководства",
	"Пилотный проект в отделе продаж", "Внедрение модуля документооборота", "Аудит бизнес-процессов",
	"Настройка клиентского портала", "Интеграция с сайтом и формами заявок", "Выделенный сервер и поддержка 24/7"}

var lossReasons = []string{"Выбрали конкурента с более низкой ценой.", "Проект заморожен до следующего года.",
	"Не прошли по бюджету.", "Решили остаться на текущей системе."}

// salesMoves are the process's transitions between salesStages (by
// index), with their conditions (docs/deal.md): an offer needs the client,
// negotiation a sum, and only the manager closes a deal as won.
var salesMoves = []struct {
	name     string
	from, to int
	rule     string
}{
	{"Взять в работу", 0, 1, ""},
	{"Отправить предложение", 1, 2, `{"requiredFields":["contractor"]}`},
	{"Начать переговоры", 2, 3, `{"requiredFields":["price"]}`},
	{"Вернуть к предложению", 3, 2, ""},
	{"Подписать договор", 3, 4, `{"requiredFields":["price","contractor"],"allowed":["manager"]}`},
	{"Отказ клиента", 0, 5, ""},
	{"Отказ клиента", 1, 5, ""},
	{"Отказ клиента", 2, 5, ""},
	{"Отказ клиента", 3, 5, ""},
	{"Вернуть в работу", 5, 0, ""},
}

// salesTriggers are the process's scenarios (docs/deal.md, Triggers):
// entering the offer stage reminds the manager to call, and a button
// asks the manager to get back to a waiting client; states are places
// in salesStages.
var salesTriggers = []struct {
	name, typ, params string
	states            []int
}{
	{"Звонок по предложению", "auto", `"actions":[{"type":"createTodo","name":"Позвонить клиенту по коммерческому предложению","inDays":2}]`, []int{2}},
	{"Напомнить менеджеру", "button", `"actions":[{"type":"message","text":"Клиент ждёт ответа — свяжитесь с ним сегодня"}]`, []int{0, 1, 2, 3}},
}

func (f *filler) salesProgram() error {
	prog, err := f.create(f.demo, "Program", obj{"name": "Продажи", "isBpm": false})
	if err != nil {
		return err
	}
	f.program = prog
	for i, s := range salesStages {
		l, err := f.create(f.demo, "ProgramState", obj{"name": s.name, "type": s.typ, "color": s.color,
			"description": s.description, "isEntry": i == 0, "program": ref(prog)})
		if err != nil {
			return err
		}
		f.stages = append(f.stages, stage{l, s.typ, s.weight})
	}
	for _, m := range salesMoves {
		if _, err := f.create(f.demo, "ProgramTransition", obj{"name": m.name, "from": ref(f.stages[m.from].link),
			"to": ref(f.stages[m.to].link), "rule": m.rule}); err != nil {
			return err
		}
	}
	for _, t := range salesTriggers {
		states := make([]string, len(t.states))
		for i, n := range t.states {
			states[i] = `"` + strconv.FormatInt(f.stages[n].link.ID, 10) + `"`
		}
		params := `{"states":[` + strings.Join(states, ",") + `],` + t.params + `}`
		if _, err := f.create(f.demo, "ProgramTrigger", obj{"name": t.name, "type": t.typ, "program": ref(prog), "params": params}); err != nil {
			return err
		}
	}
	return nil
}

// pickStage draws a stage by weight.
func (f *filler) pickStage() stage {
	total := 0
	for _, s := range f.stages {
		total += s.weight
	}
	n := f.intn(total)
	for _, s := range f.stages {
		if n < s.weight {
			return s
		}
		n -= s.weight
	}
	return f.stages[0]
}

func (f *filler) dealsStep() error {
	sales := f.sales()
	for range dealCount {
		c := f.clients[f.intn(len(f.clients))]
		st := f.pickStage()
		manager := pick(f, c.people)
		subj := pick(f, dealSubjects)
		desc := sentence("Клиент: "+c.name) + " " + subj + "."
		if st.typ == "negative" {
			desc += " " + pick(f, lossReasons)
		}
		// Round sums, as quoted: from 60 thousand to 3 million roubles.
		price := int64(f.between(12, 600)) * 5000
		body := obj{"name": subj + " — " + c.name, "description": desc, "program": ref(f.program),
			"state": ref(st.link), "result": st.typ, "contractor": ref(c.link), "manager": ref(manager),
			"price": money(price), "cost": money(price * int64(f.between(40, 70)) / 100)}
		aud := some(f, sales, f.between(0, 2), manager)
		if len(aud) > 0 {
			body["auditors"] = refs(aud...)
		}
		l, err := f.create(manager, "Deal", body)
		if err != nil {
			return err
		}
		f.deals = append(f.deals, subject{l, body["name"].(string), append([]value.Link{manager}, aud...)})
	}
	return nil
}

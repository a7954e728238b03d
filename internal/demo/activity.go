package demo

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/todo"
	"github.com/artel/artel/internal/value"
)

const (
	todoCount    = 80
	commentCount = 300
)

var todoNames = []string{"Позвонить: {name}", "Встреча: {name}", "Отправить КП: {name}",
	"Уточнить реквизиты: {name}", "Напомнить об оплате: {name}", "Поздравить с праздником: {name}",
	"Договориться о демонстрации: {name}", "Отправить договор: {name}"}

// todoResults are what a to-do done with a client came to.
var todoResults = []string{"Договорились о встрече на следующей неделе.", "Клиент получил предложение, думает.",
	"Согласовали сроки поставки.", "Не дозвонился, перезвоню завтра.", "Договор отправлен на подпись."}

var todoNotes = []string{"Обсудить сроки и бюджет.", "Взять с собой презентацию.",
	"Уточнить, кто принимает решение.", "Спросить про результаты пилотного проекта.",
	"Напомнить про скидку до конца месяца.", ""}

var taskComments = []string{"Взял в работу.", "Сделал, проверьте, пожалуйста.",
	"Нужно уточнить детали у клиента, созвонюсь сегодня.", "Перенёс срок на пару дней — жду данные от коллег.",
	"Готово на 80%, осталось оформить результат.", "Посмотрел, есть пара замечаний, написал в личку.",
	"Отличная работа, спасибо!", "Это блокирует другие задачи проекта, давайте ускоримся.",
	"Приложил черновик, жду комментариев.", "Клиент подтвердил, можно закрывать.",
	"Не воспроизводится на тестовом стенде, нужны подробности.", "Обсудили на планёрке, делаем по второму варианту."}

var dealComments = []string{"Отправил коммерческое предложение.", "Клиент просит скидку 10%, согласуем?",
	"Созвонились, ждут договор на согласование.", "Юристы клиента прислали протокол разногласий.",
	"Провели демонстрацию, клиенту понравились отчёты.", "Бюджет подтверждён, решение до конца месяца.",
	"Счёт оплачен.", "Клиент взял паузу до следующего квартала.", "Нужна консультация технического специалиста."}

var clientComments = []string{"Звонил, договорились о встрече на следующей неделе.", "Сменился контакт по закупкам.",
	"Попросили прислать новые реквизиты.", "Поздравили с днём рождения компании.",
	"Интересуются интеграцией с 1С.", "Отправил приглашение на вебинар.", "Есть вопросы по продлению лицензий."}

// categoryOf is the kind of a client to-do by its wording.
func categoryOf(name string) string {
	switch {
	case strings.HasPrefix(name, "Позвонить"), strings.HasPrefix(name, "Напомнить"):
		return "call"
	case strings.HasPrefix(name, "Встреча"), strings.HasPrefix(name, "Договориться"):
		return "meeting"
	}
	return "todo"
}

func (f *filler) todos() error {
	for i := range todoCount {
		c := f.clients[f.intn(len(f.clients))]
		resp := pick(f, c.people)
		name := strings.ReplaceAll(pick(f, todoNames), "{name}", c.name)
		related := []value.Link{c.link}
		if f.chance(0.3) {
			related = append(related, f.deals[f.intn(len(f.deals))].link)
		}
		start := f.at(f.between(-10, 20), f.between(9, 17))
		when := obj{"contentType": "IntervalTime", "from": dateTime(start), "to": dateTime(start.Add(time.Hour))}
		body := obj{"name": name, "responsible": ref(resp), "relations": refs(related...),
			"isNeedResult": f.chance(0.4), "when": when, "category": obj{"contentType": "TodoCategory", "id": categoryOf(name)}}
		if note := pick(f, todoNotes); note != "" {
			body["description"] = note
		}
		l, err := f.create(resp, "Todo", body)
		if err != nil {
			return err
		}
		// Most of what was due by the demo's "today" is done, an hour after
		// it began, with its result as a comment (as act_finish leaves
		// it), so clients have a last contact as well as a next one
		// (docs/crm.md). Chosen by the count, not the random source, which
		// would change every later step's company.
		if start.Before(f.base) && i%4 != 0 {
			if err := f.finishTodo(resp, l, start.Add(time.Hour), todoResults[i%len(todoResults)]); err != nil {
				return err
			}
		}
	}
	return nil
}

// finishTodo closes a to-do as done ("Успешно") at a time of the demo's
// own, with its result.
func (f *filler) finishTodo(who, l value.Link, at time.Time, result string) error {
	comment, err := f.create(who, "Comment", obj{"subject": ref(l), "content": result})
	if err != nil {
		return err
	}
	in := entity.Input{}
	in["status"], _ = json.Marshal(todo.Statuses[2].Encode("ru"))
	in["timeFinished"], _ = json.Marshal(dateTime(at))
	in["resultComment"], _ = json.Marshal(ref(comment))
	if _, err := f.e.Update(f.ctx, entity.Scope{Account: f.account, Actor: who, System: true}, "Todo", l.ID, in); err != nil {
		return fmt.Errorf("demo: finish to-do %d: %w", l.ID, err)
	}
	return nil
}

// comments spreads comments over tasks, deals and clients, each written by
// someone involved, so the owner comes from the actor.
func (f *filler) comments() error {
	clients := make([]subject, len(f.clients))
	for i, c := range f.clients {
		clients[i] = subject{c.link, c.name, c.people}
	}
	for i := range commentCount {
		var s subject
		var texts []string
		switch {
		case i%10 < 6:
			s, texts = f.tasks[f.intn(len(f.tasks))], taskComments
		case i%10 < 9:
			s, texts = f.deals[f.intn(len(f.deals))], dealComments
		default:
			s, texts = clients[f.intn(len(clients))], clientComments
		}
		author := pick(f, s.people)
		if _, err := f.create(author, "Comment", obj{"subject": ref(s.link), "content": pick(f, texts)}); err != nil {
			return err
		}
	}
	return nil
}

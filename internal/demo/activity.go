package demo

import (
	"strings"
	"time"

	"github.com/artel/artel/internal/value"
)

const (
	todoCount    = 80
	commentCount = 300
)

var todoNames = []string{"Позвонить: {name}", "Встреча: {name}", "Отправить КП: {name}",
	"Уточнить реквизиты: {name}", "Напомнить об оплате: {name}", "Поздравить с праздником: {name}",
	"Договориться о демонстрации: {name}", "Отправить договор: {name}"}

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
	for range todoCount {
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
		if _, err := f.create(resp, "Todo", body); err != nil {
			return err
		}
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

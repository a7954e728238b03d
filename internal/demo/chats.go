package demo

import (
	"fmt"

	"github.com/artel/artel/internal/value"
)

// chatLine is one message of a chat: who of its people writes (by index)
// and what.
type chatLine struct {
	who  int
	text string
}

var (
	companyLines = []chatLine{
		{0, "Коллеги, доброе утро! В пятницу в 17:00 общее собрание в большой переговорной."},
		{1, "Будет ли трансляция для тех, кто в командировке?"},
		{0, "Да, ссылку пришлю сюда за час до начала."},
		{2, "Напоминаю: до конца месяца нужно сдать авансовые отчёты."},
		{3, "Кухня на третьем этаже закрыта на ремонт до среды."},
	}
	deptLines = []chatLine{
		{1, "Клиент из «Вектора» просит перенести встречу на четверг."},
		{0, "Хорошо, перенеси и обнови дело в календаре."},
		{2, "Коммерческое предложение для «Альфа-Строя» готово, посмотрите, пожалуйста."},
		{0, "Посмотрел, поправь сроки поставки — у склада до 10 рабочих дней."},
		{1, "План на неделю: три демонстрации и два договора на подпись."},
	}
	dialogueLines = []chatLine{
		{1, "Привет! Сможешь сегодня созвониться по отчёту?"},
		{0, "Да, после обеда, в 15:00 удобно?"},
		{1, "Отлично, договорились."},
	}
)

// chats makes the company's discussions: the corporate chat of everyone
// (pinned for all), the demo user's department chat, and the demo user's
// private dialogues with two colleagues, each with its messages.
func (f *filler) chats() error {
	everyone := make([]value.Link, len(f.employees))
	for i, e := range f.employees {
		everyone[i] = e.link
	}
	company, err := f.chat(obj{"name": "Общий чат «Северного ветра»", "isDiscussable": true}, everyone, companyLines)
	if err != nil {
		return err
	}
	// A corporate chat is pinned for all its people (internal/module/discuss);
	// the flag is the chat module's own, not a field of the Topic.
	if _, err := f.e.DB.Q(f.ctx).ExecContext(f.ctx, f.e.DB.Dialect.Rebind(`INSERT INTO discuss_chats (account_id, topic_id, corporate)
		VALUES (?, ?, 1) ON CONFLICT (account_id, topic_id) DO UPDATE SET corporate = 1`), f.account, company.ID); err != nil {
		return fmt.Errorf("demo: corporate chat: %w", err)
	}
	dept := f.byDept[f.employees[0].dept]
	if _, err := f.chat(obj{"name": "Отдел: рабочие вопросы", "isDiscussable": true}, dept, deptLines); err != nil {
		return err
	}
	for _, other := range everyone[1:3] {
		people := []value.Link{f.demo, other}
		body := obj{"isPrivate": true, "isDiscussable": false, "visavis": ref(other)}
		if _, err := f.chat(body, people, dialogueLines); err != nil {
			return err
		}
	}
	return nil
}

// chat creates a discussion owned by its first person and posts its lines.
func (f *filler) chat(body obj, people []value.Link, lines []chatLine) (value.Link, error) {
	body["owner"], body["participants"] = ref(people[0]), refs(people...)
	topic, err := f.create(people[0], "Topic", body)
	if err != nil {
		return value.Link{}, err
	}
	for _, l := range lines {
		author := people[l.who%len(people)]
		if _, err := f.create(author, "Comment", obj{"subject": ref(topic), "content": l.text}); err != nil {
			return value.Link{}, err
		}
	}
	return topic, nil
}

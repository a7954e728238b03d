package demo

import (
	"github.com/artel/artel/internal/module/knowledge"
	"github.com/artel/artel/internal/value"
)

// handbook is the company handbook: articles in tree order, each under
// the one named as its parent ("" at the root).
var handbook = []struct{ name, parent, content string }{
	{"Добро пожаловать", "", "<p>Это справочник сотрудника: как у нас устроена работа, к кому идти с вопросом и где что лежит.</p>"},
	{"Первый день", "Добро пожаловать", "<ol><li>Получите пропуск у администратора.</li><li>Войдите в Артель и заполните профиль.</li>" +
		"<li>Познакомьтесь с руководителем отдела.</li></ol>"},
	{"Кто есть кто", "Добро пожаловать", "<p>Структуру компании и контакты коллег смотрите в разделе «Сотрудники».</p>"},
	{"Отпуск и больничный", "", "<p>Отпуск — 28 календарных дней в году, его можно делить на части; одна часть — не меньше 14 дней.</p>"},
	{"Как оформить отпуск", "Отпуск и больничный", "<p>Напишите заявление за две недели и согласуйте даты с руководителем. " +
		"Отпускные перечисляет бухгалтерия за три дня до начала отпуска.</p>"},
	{"Больничный", "Отпуск и больничный", "<p>Сообщите руководителю в первый день болезни; номер электронного листка передайте в бухгалтерию.</p>"},
	{"Рабочие инструменты", "", "<p>Задачи, сделки, клиенты и документы ведём в Артели; почта и календарь — корпоративные.</p>"},
	{"Задачи и поручения", "Рабочие инструменты", "<p>Каждое поручение — задача с ответственным и сроком. " +
		"Обсуждение ведём в комментариях задачи, а не в личной переписке.</p>"},
}

// knowledgeStep writes the handbook: the demo user owns it, the
// management edits it, everyone else reads it through their department.
func (f *filler) knowledgeStep() error {
	base, err := f.create(f.demo, "KnowledgeBase", obj{"name": "Справочник сотрудника",
		"content": "<p>Правила и порядки компании для новых и опытных сотрудников.</p>"})
	if err != nil {
		return err
	}
	db := f.e.DB
	if _, err := knowledge.Give(f.ctx, db, f.account, base.ID, f.demo, knowledge.Owner); err != nil {
		return err
	}
	for _, d := range departmentTree {
		role := knowledge.Reader
		if d.parent == "" {
			role = knowledge.Editor
		}
		if _, err := knowledge.Give(f.ctx, db, f.account, base.ID, f.deptLinks[d.name], role); err != nil {
			return err
		}
	}
	made := map[string]value.Link{}
	order := map[string]int{}
	for _, a := range handbook {
		body := obj{"name": a.name, "content": a.content, "base": ref(base)}
		if p, ok := made[a.parent]; ok {
			body["parent"] = ref(p)
		}
		order[a.parent]++
		body["orderPos"] = order[a.parent]
		l, err := f.create(f.demo, "KnowledgeArticle", body)
		if err != nil {
			return err
		}
		made[a.name] = l
	}
	return nil
}

package demo

import (
	"encoding/json"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/report"
	"github.com/artel/artel/internal/module/space"
)

// spacePage is one element of a demo workspace: a note page with its
// text, or a widget with its layout and source.
type spacePage struct {
	typ, title, text, layout string
	source                   obj
}

// spacesStep lays out the workspaces (docs/space.md): the sales team's
// space with its call script, plan and figures, edited by the sales
// department; the office's notes, read by everyone; and the demo user's
// own private notes.
func (f *filler) spacesStep() error {
	m := space.New(f.e, report.New(f.e))
	sc := entity.Scope{Account: f.account, Actor: f.demo, System: true}
	spaces := []struct {
		section, title, icon string
		editors              string // a department given edit
		pages                []spacePage
	}{
		{space.SectionAll, "Отдел продаж", "📈", "Продажи", []spacePage{
			{typ: space.TypeNote, title: "Скрипт первого звонка", text: "<h2>Первый звонок</h2><ol><li>Представьтесь и назовите компанию.</li>" +
				"<li>Спросите, кто принимает решение о закупке.</li><li>Договоритесь о встрече или отправке предложения.</li></ol>"},
			{typ: space.TypeNote, title: "План на квартал", text: "<p>Цель квартала — <strong>40 новых сделок</strong> и выход на две новые отрасли.</p>" +
				"<ul><li>Строительство</li><li>Логистика</li></ul>"},
			{typ: space.TypeWidget, title: "Выигранные сделки по менеджерам", layout: "BarChart",
				source: obj{"contentType": "ReportDesktopWidget", "reportId": f.firstReport.ID, "chartType": "bar"}},
			{typ: space.TypeWidget, title: "Мои задачи", layout: "Table", source: obj{"contentType": "TaskDesktopWidget"}},
		}},
		{space.SectionAll, "Офис", "🏢", "", []spacePage{
			{typ: space.TypeNote, title: "Контакты и адреса", text: "<p>Офис: Санкт-Петербург, Невский проспект, 28, 5 этаж. Ресепшен: доб. 100.</p>"},
			{typ: space.TypeNote, title: "Переговорные", text: "<p>Переговорные «Ладога» и «Онега» бронируйте в календаре за день.</p>"},
		}},
		{space.SectionPrivate, "Мои заметки", "📝", "", []spacePage{
			{typ: space.TypeNote, title: "Идеи для планёрки", text: "<ul><li>Разобрать просроченные счета</li><li>Итоги выставки</li></ul>"},
		}},
	}
	for _, s := range spaces {
		_, top, err := m.Create(f.ctx, sc, space.Place{Section: s.section}, space.ElementIn{Type: ptr(space.TypeSpace), Title: &s.title, Icon: &s.icon})
		if err != nil {
			return fmt.Errorf("demo: space %s: %w", s.title, err)
		}
		if s.editors != "" {
			who, _ := json.Marshal([]obj{{"member": ref(f.deptLinks[s.editors]), "accessLevel": "edit"}})
			if err := m.AddMembers(f.ctx, sc, top.ID, who); err != nil {
				return fmt.Errorf("demo: space %s: %w", s.title, err)
			}
		}
		for _, p := range s.pages {
			if err := f.spacePage(m, sc, top.ID, p); err != nil {
				return fmt.Errorf("demo: %s: %w", p.title, err)
			}
		}
	}
	return nil
}

func (f *filler) spacePage(m *space.Module, sc entity.Scope, parent int64, p spacePage) error {
	at := space.Place{Parent: parent}
	if p.typ == space.TypeWidget {
		body, _ := json.Marshal(obj{"layoutType": p.layout, "element": obj{"title": p.title}, "source": p.source})
		_, _, err := m.AddWidget(f.ctx, sc, at, body)
		return err
	}
	_, e, err := m.Create(f.ctx, sc, at, space.ElementIn{Type: &p.typ, Title: &p.title})
	if err != nil {
		return err
	}
	text, _ := json.Marshal(obj{"text": p.text})
	_, err = m.WriteNote(f.ctx, sc, e.ID, text)
	return err
}

func ptr[T any](v T) *T { return &v }

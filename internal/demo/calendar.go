package demo

import (
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/todo"
)

// The demo user's calendar around the demo's "today": the weekly
// meeting they hold with the heads of departments, meetings colleagues
// invite them to (some answered, some waiting), one-to-ones, and a
// conference over whole days, so /time shows a working week.

type meeting struct {
	name, category, place string
	day, hour, minutes    int
	length                time.Duration
	organiser             int   // index into employees; 0 is the demo user
	invited               []int // indexes into employees
	accepted              []int // of the invited, who has answered yes
}

var demoMeetings = []meeting{
	{"Планёрка руководителей", "meeting", "Переговорная «Волга»", 0, 10, 0, time.Hour, 0, []int{1, 2, 3, 4}, []int{1, 2, 3}},
	{"Планёрка руководителей", "meeting", "Переговорная «Волга»", 7, 10, 0, time.Hour, 0, []int{1, 2, 3, 4}, []int{1}},
	{"Планёрка руководителей", "meeting", "Переговорная «Волга»", -7, 10, 0, time.Hour, 0, []int{1, 2, 3, 4}, []int{1, 2, 3, 4}},
	{"Разбор воронки продаж", "meeting", "Переговорная «Нева»", 1, 15, 0, 90 * time.Minute, 2, []int{0, 5, 6}, []int{5}},
	{"Бюджет на следующий квартал", "meeting", "Кабинет директора", 2, 11, 30, time.Hour, 1, []int{0, 3}, []int{0, 3}},
	{"Встреча один на один с руководителем продаж", "meeting", "Кабинет директора", 3, 16, 0, 45 * time.Minute, 0, []int{2}, []int{2}},
	{"Собеседование: менеджер по продажам", "meeting", "Переговорная «Нева»", 4, 12, 0, time.Hour, 2, []int{0}, nil},
	{"Созвон с юристами по договору аренды", "call", "", 1, 9, 30, 30 * time.Minute, 0, nil, nil},
	{"Демонстрация для ключевого клиента", "meeting", "Офис клиента", 8, 14, 0, 2 * time.Hour, 1, []int{0, 5}, []int{5}},
}

func (f *filler) calendar() error {
	sys := entity.Scope{Account: f.account, System: true}
	places := map[string]obj{}
	for _, m := range demoMeetings {
		start := f.day(m.day).Add(time.Duration(m.hour)*time.Hour + time.Duration(m.minutes)*time.Minute)
		organiser := f.employees[m.organiser].link
		body := obj{"name": m.name, "responsible": ref(organiser), "category": obj{"contentType": "TodoCategory", "id": m.category},
			"when": obj{"contentType": "IntervalTime", "from": dateTime(start), "to": dateTime(start.Add(m.length))}}
		var invited []obj
		for _, i := range m.invited {
			invited = append(invited, obj{"contentType": "Participant", "subject": ref(f.employees[i].link)})
		}
		if len(invited) > 0 {
			body["participants"] = invited
		}
		if m.place != "" && places[m.place] == nil {
			place, err := f.create(organiser, "Place", obj{"name": m.place})
			if err != nil {
				return err
			}
			places[m.place] = ref(place)
		}
		if m.place != "" {
			body["place"] = places[m.place]
		}
		l, err := f.create(organiser, "Todo", body)
		if err != nil {
			return err
		}
		for _, i := range m.accepted {
			sc := sys
			sc.Actor = f.employees[i].link
			if _, err := todo.Do(f.ctx, f.e, sc, l.ID, todo.Request{Action: "act_accept_invite"}); err != nil {
				return err
			}
		}
	}
	// A conference over two whole days.
	from, to := f.day(9), f.day(10)
	_, err := f.create(f.demo, "Todo", obj{"name": "Отраслевая конференция «Цифровой бизнес»", "responsible": ref(f.demo),
		"category": obj{"contentType": "TodoCategory", "id": "event"},
		"when":     obj{"contentType": "IntervalDates", "from": dateOnly(from), "to": dateOnly(to)}})
	return err
}

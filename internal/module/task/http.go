package task

import (
	"strings"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// HTTP is the tasks and projects area's routes (the reference's, over
// this package's rules): actions, deadlines, templates, bonuses, the tree,
// the filter panel, schedules and negotiation (the journal of changes is
// internal/module/history's).
type HTTP struct {
	Engine *entity.Engine
}

// Routes registers the area's routes and error wording.
func (a *HTTP) Routes(rt *api.Routes) {
	for _, kind := range []string{"Task", "Project"} {
		base := "/" + strings.ToLower(kind) + "/{id}"
		rt.Handle("POST "+base+"/doAction", a.taskDoAction(kind))
		rt.Handle("POST "+base+"/changeDeadline", a.taskChangeDeadline(kind))
		rt.Handle("POST "+base+"/convert", a.taskConvert(kind))
		rt.Handle("POST "+base+"/clone", a.taskClone(kind))
		rt.Handle("POST "+base+"/schedule", a.taskSetSchedule(kind))
		rt.Handle("DELETE "+base+"/schedule", a.taskRemoveSchedule(kind))
		rt.Handle("GET "+base+"/schedule", a.taskGetSchedule(kind))
	}
	rt.Handle("POST /deadlineChangeRequest/{id}", a.taskAnswerDeadline)
	rt.Handle("POST /task/{id}/delegate", a.taskDelegate)
	rt.Handle("GET /task/templates", a.taskTemplates)
	rt.Handle("POST /task/{id}/bonus", a.taskBonus)
	rt.Handle("GET /task/treeLevel", a.taskTreeLevel)
	panel := &api.FilterPanel{Type: "TaskFilter", Href: "/task/filter/", Lister: a.Engine, Count: a.taskCount}
	for _, f := range SystemFilters {
		panel.Builtin = append(panel.Builtin, api.BuiltinFilter{ID: f.ID, Ru: f.Ru, En: f.En})
	}
	panel.Routes(rt)
	rt.Handle("POST /task/{id}/negotiationItems", a.negotiationAddItem)
	rt.Handle("POST /negotiation/{id}/approve", a.negotiationVisa(true))
	rt.Handle("POST /negotiation/{id}/reject", a.negotiationVisa(false))
	rt.Handle("POST /negotiation/{id}/version", a.negotiationAddVersion)
	rt.Handle("DELETE /negotiationItem/{id}", a.negotiationDeleteItem)
	rt.Handle("POST /negotiationItemVersion/{id}", a.negotiationEditVersion)
	rt.Messages(map[string][2]string{
		CodeNotConvertible: {"Нельзя конвертировать: связь %s не переносится", "Cannot convert: the link %s cannot be carried over"},
		CodeTooLarge:       {"Слишком много подзадач для копирования, максимум %s", "Too many subtasks to copy, at most %s"},
		CodeNotNegotiation: {"Задача не является согласованием", "The task is not a negotiation"},
		CodeVersionRated:   {"Версию уже визировали, добавьте новую", "The version has visas already; add a new one"},
		CodeNotTemplate:    {"Повторять можно только шаблон", "Only a template can repeat"},
	})
}

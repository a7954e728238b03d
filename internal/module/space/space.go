// Package space owns workspaces: the tree of elements (spaces, note
// pages, widgets) in the company's section and each person's private
// one, who may read and write each element, each person's favourites and
// visits, the notes' rich text and the widgets that show a saved report's
// chart or a list through the report module. See docs/space.md.
package space

import (
	"strconv"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/report"
)

// Sections of the tree: the company's and the reader's own.
const (
	SectionAll     = "all"
	SectionPrivate = "private"
)

// Element types the reference names that Artel builds.
const (
	TypeSpace  = "Space"
	TypeNote   = "Note"
	TypeWidget = "Widget"
)

// Codes of the workspace rules' refusals (422, on the field named).
const (
	CodeBadType      = "space_bad_type"
	CodeNotContainer = "space_not_container"
	CodeCycle        = "space_move_cycle"
	CodeNotSibling   = "space_not_sibling"
	CodeBadMember    = "space_bad_member"
	CodeNotMember    = "space_not_member"
	CodeBadLevel     = "space_bad_level"
)

// Wording is the refusals' text, ru and en.
var Wording = map[string][2]string{
	CodeBadType:      {"Тип элемента — Space или Note", "An element's type is Space or Note"},
	CodeNotContainer: {"Внутри виджета не бывает элементов", "A widget holds no elements"},
	CodeCycle:        {"Элемент нельзя переместить внутрь него самого", "An element cannot move inside itself"},
	CodeNotSibling:   {"Элемент ставят только рядом с соседним элементом", "An element is placed only after one beside it"},
	CodeBadMember:    {"Доступ дают сотруднику, отделу или группе", "Access is given to an employee, a department or a group"},
	CodeNotMember:    {"Этому участнику доступ к элементу не давали", "This member was given no access to the element"},
	CodeBadLevel:     {"Уровень доступа — read, edit или share", "An access level is read, edit or share"},
}

// Module is the workspace rules.
type Module struct {
	e       *entity.Engine
	reports *report.Module
	now     func() time.Time
}

// New is the workspaces over the engine; widgets are read by reports.
func New(e *entity.Engine, reports *report.Module) *Module {
	return &Module{e: e, reports: reports, now: time.Now}
}

// Element is one node of the tree. Parent 0 is the section's root.
type Element struct {
	ID, Parent, Owner, Pos int64
	Section, Type          string
	Title, Icon            string
	LayoutType             string // a widget's layout (Table, BarChart…)
	Widget                 string // a widget's source, the report module's DesktopWidget as JSON
	Trashed                int64  // when it was put in the trash (Unix seconds); 0: it is not
}

func (e *Element) container() bool { return e.Type == TypeSpace || e.Type == TypeNote }

func sid(id int64) string { return strconv.FormatInt(id, 10) }

// employee reports whether the reader is a signed-in employee: only
// employees have workspaces.
func employee(sc entity.Scope) bool {
	return sc.System || (sc.Actor.Type == "Employee" && sc.Actor.ID != 0 && !sc.Guest)
}

package demo

import (
	"strings"
	"time"

	"github.com/artel/artel/internal/value"
)

const (
	projectTasks = 420 // tasks right under projects
	subTasks     = 60  // tasks under other tasks
)

// project is a created project and whose work it is.
type project struct {
	subject
	dept string
}

// task is a created task; subtasks stay in their parent's department.
type task struct {
	subject
	dept string
}

func (f *filler) projectsStep() error {
	for i, p := range projectList {
		owner := f.head(p.dept)
		resp := pick(f, f.byDept[p.dept])
		body := obj{"name": p.name, "statement": p.statement, "owner": ref(owner), "responsible": ref(resp),
			"isTemplate": false, "status": "accepted"}
		// A few projects are finished; the rest run into the coming months.
		deadline := f.day(f.between(30, 160))
		if i%7 == 3 {
			body["status"] = "completed"
			deadline = f.day(-f.between(5, 40))
		}
		body["deadline"] = dateOnly(deadline)
		people := []value.Link{owner, resp}
		if owner != f.demo {
			body["auditors"] = refs(f.demo)
			people = append(people, f.demo)
		}
		if ex := some(f, f.byDept[p.dept], 2, owner, resp); len(ex) > 0 {
			body["executors"] = refs(ex...)
			people = append(people, ex...)
		}
		l, err := f.create(owner, "Project", body)
		if err != nil {
			return err
		}
		f.projects = append(f.projects, project{subject{l, p.name, people}, p.dept})
	}
	return nil
}

func (f *filler) tasksStep() error {
	var created []task
	for i := range projectTasks + subTasks {
		var parent value.Link
		var dept string
		var owner value.Link
		if i < projectTasks {
			p := f.projects[f.intn(len(f.projects))]
			parent, dept, owner = p.link, p.dept, pick(f, p.people[:2])
		} else {
			// Subtasks are set by the parent task's responsible.
			t := created[f.intn(len(created))]
			parent, dept, owner = t.link, t.dept, t.people[1]
		}
		t, err := f.task(parent, dept, owner)
		if err != nil {
			return err
		}
		created = append(created, t)
	}
	for _, t := range created {
		f.tasks = append(f.tasks, t.subject)
	}
	return nil
}

// task creates one task under parent; people[0] is the owner, [1] the responsible.
func (f *filler) task(parent value.Link, dept string, owner value.Link) (task, error) {
	name := pick(f, taskWork[dept])
	body := obj{"parent": ref(parent), "owner": ref(owner), "isTemplate": false, "isUrgent": f.chance(0.1)}
	tails := statementTails
	if strings.Contains(name, "{client}") {
		c := f.clients[f.intn(len(f.clients))]
		name = strings.ReplaceAll(name, "{client}", c.name)
		body["contractor"] = ref(c.link)
		tails = clientTails
	}
	if strings.Contains(name, "{obj}") {
		name = strings.ReplaceAll(name, "{obj}", pick(f, taskObjects[dept]))
	}
	body["name"] = name
	body["statement"] = sentence(name) + " " + pick(f, tails)

	resp := pick(f, f.byDept[dept])
	if f.chance(0.15) {
		resp = pick(f, f.all()) // work often crosses departments
	}
	body["responsible"] = ref(resp)
	people := []value.Link{owner, resp}
	if ex := some(f, f.byDept[dept], f.between(0, 2), owner, resp); len(ex) > 0 {
		body["executors"] = refs(ex...)
		people = append(people, ex...)
	}
	if f.chance(0.3) {
		aud := some(f, f.all(), 1, people...)
		body["auditors"] = refs(aud...)
		people = append(people, aud...)
	}

	offset := f.between(-45, 60)
	switch {
	case f.chance(0.08): // no deadline
	case f.chance(0.6):
		body["deadline"] = dateOnly(f.day(offset))
	default:
		body["deadline"] = dateTime(f.at(offset, f.between(10, 18)))
	}
	body["status"] = f.taskStatus(offset)
	if f.chance(0.5) {
		body["plannedWork"] = duration(time.Duration(f.between(1, 16)) * time.Hour)
	}
	l, err := f.create(owner, "Task", body)
	if err != nil {
		return task{}, err
	}
	return task{subject{l, name, people}, dept}, nil
}

// taskStatus is a plausible status for a task due offset days from today:
// long-past work is mostly finished, the rest is in progress.
func (f *filler) taskStatus(offset int) string {
	r := f.rng.Float64()
	switch {
	case r < 0.03:
		return "cancelled"
	case offset < -3 && r < 0.78:
		return "completed"
	case offset < -3 && r < 0.88:
		return "done"
	case r < 0.50:
		return "accepted"
	case r < 0.85:
		return "assigned"
	case r < 0.92:
		return "done"
	case r < 0.96:
		return "delayed"
	}
	return "created"
}

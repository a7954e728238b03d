package datagen

import (
	"encoding/json"
	"math/rand/v2"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// taskSpan is how far back the task history goes.
const taskSpan = 2 * 365 * 24 * time.Hour

// taskCreated spreads tasks evenly over the span, oldest first, so ids and
// creation times grow together as they do in a real account.
func (p *planner) taskCreated(i int) time.Time {
	frac := float64(i) / float64(max(1, p.opt.Tasks))
	return p.base.Add(-taskSpan + time.Duration(frac*float64(taskSpan)))
}

func weighted(r *rand.Rand, names []string, weights []int) string {
	total := 0
	for _, w := range weights {
		total += w
	}
	x := r.IntN(total)
	for i, w := range weights {
		if x < w {
			return names[i]
		}
		x -= w
	}
	return names[0]
}

var (
	oldStatus    = []string{"completed", "done", "cancelled", "rejected", "accepted", "assigned"}
	oldWeights   = []int{85, 7, 4, 2, 1, 1}
	freshStatus  = []string{"accepted", "assigned", "created", "done", "delayed", "completed"}
	freshWeights = []int{35, 30, 8, 10, 7, 10}
)

// taskRows makes tasks from..from+n-1. Most sit right under a project; one
// in twenty is a subtask of a task from an earlier batch (whose id is
// known by then), in that task's project.
func (p *planner) taskRows(r *rand.Rand, from, n int) []Row {
	rows := make([]Row, n)
	for i := range rows {
		k := from + i
		created := p.taskCreated(k)
		var parent, project value.Link
		proj := int32(r.IntN(len(p.projects)))
		if from > 0 && r.IntN(20) == 0 {
			j := r.IntN(from)
			proj = p.taskProject[j]
			parent = value.Link{Type: "Task", ID: p.taskFirst + int64(j)}
		} else {
			parent = p.projects[proj]
		}
		p.taskProject = append(p.taskProject, proj)
		project = p.projects[proj]
		owner, resp := skewed(r, p.employees), skewed(r, p.employees)
		name := pick(r, taskVerbs) + " " + pick(r, taskObjects)
		if r.IntN(2) == 0 {
			name += " " + pick(r, taskQualifiers)
		}
		in := entity.Input{"name": jstr(name), "parent": jlink(parent), "project": jlink(project),
			"owner": jlink(owner), "responsible": jlink(resp), "isTemplate": jbool(false), "isUrgent": jbool(r.IntN(12) == 0)}
		due := created.Add(time.Duration(24+r.IntN(45*24)) * time.Hour)
		switch x := r.IntN(10); {
		case x < 6:
			in["deadline"] = jdateOnly(due)
		case x < 9:
			in["deadline"] = jdateTime(due.Truncate(time.Hour))
		}
		if k < p.opt.Tasks*85/100 {
			in["status"] = jstr(weighted(r, oldStatus, oldWeights))
		} else {
			in["status"] = jstr(weighted(r, freshStatus, freshWeights))
		}
		workTimes(r, in, p.base, created)
		if r.IntN(2) == 0 {
			in["statement"] = jstr(name + ". " + pick(r, commentTexts))
		}
		if r.IntN(5) < 2 {
			in["plannedWork"] = jduration(int64(1+r.IntN(16)) * 3600)
		}
		if r.IntN(4) == 0 {
			ex := []value.Link{pick(r, p.employees)}
			if r.IntN(3) == 0 {
				if e2 := pick(r, p.employees); e2 != ex[0] {
					ex = append(ex, e2)
				}
			}
			in["executors"] = jlinks(ex...)
		}
		if r.IntN(7) == 0 {
			in["auditors"] = jlinks(pick(r, p.employees))
		}
		if len(p.clients) > 0 && r.IntN(10) == 0 {
			in["contractor"] = jlink(pick(r, p.clients))
		}
		rows[i] = Row{In: in, Actor: owner, Created: created}
	}
	return rows
}

// commentRows puts comments mostly on recent tasks, as discussion follows
// current work.
func (p *planner) commentRows(r *rand.Rand, n int) []Row {
	rows := make([]Row, n)
	for i := range rows {
		j := p.opt.Tasks - 1 - int(float64(p.opt.Tasks)*r.Float64()*r.Float64())
		created := p.taskCreated(j).Add(time.Duration(r.IntN(240*60)) * time.Minute)
		if created.After(p.base) {
			created = p.base
		}
		owner := skewed(r, p.employees)
		rows[i] = Row{Actor: owner, Created: created, In: entity.Input{
			"subject": jlink(value.Link{Type: "Task", ID: p.taskFirst + int64(j)}),
			"content": jstr(pick(r, commentTexts))}}
	}
	return rows
}

// workTimes gives the times the task module (internal/module/task) keeps:
// when work started, when the status last changed, when work finished, the
// last activity. Given on create by internal work they are kept, so the
// history can lie in the past; call it after the status is set.
func workTimes(r *rand.Rand, in entity.Input, base, created time.Time) {
	clamp := func(t time.Time) time.Time {
		if t.After(base) {
			return base
		}
		return t
	}
	var status string
	_ = json.Unmarshal(in["status"], &status)
	start := clamp(created.Add(time.Duration(r.IntN(24*60)) * time.Minute))
	changed := clamp(start.Add(time.Duration(r.IntN(72*60)) * time.Minute))
	in["statusChangeTime"] = jdateTime(changed)
	switch status {
	case "accepted", "delayed", "done", "completed", "cancelled", "expired":
		in["actualStart"] = jdateTime(start)
	}
	switch status {
	case "done", "completed", "cancelled", "expired":
		in["actualFinish"] = jdateTime(changed)
	}
	in["activity"] = jdateTime(clamp(changed.Add(time.Duration(r.IntN(14*24*60)) * time.Minute)))
}

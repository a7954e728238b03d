package datagen

import (
	"context"
	"fmt"
	"time"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

type generator struct {
	ctx context.Context
	cat *catalog.Catalog
	w   writer
	opt Options
	p   *planner
	res *Result
}

// step writes rows made batch by batch (batch gets the index of the first
// row and how many) and, with keep, returns the links of all of them.
func (g *generator) step(typ string, total int, batch func(from, n int) []Row, keep bool) ([]value.Link, error) {
	t := g.cat.Type(typ)
	if total <= 0 {
		return nil, nil
	}
	start := time.Now()
	var out []value.Link
	for from := 0; from < total; from += g.opt.Batch {
		n := min(g.opt.Batch, total-from)
		ids, err := g.w.write(g.ctx, t, batch(from, n))
		if err != nil {
			return nil, err
		}
		if typ == "Task" {
			if from == 0 {
				g.p.taskFirst = ids[0]
			}
			// Subtasks and comments address tasks by position.
			if ids[0] != g.p.taskFirst+int64(from) || ids[n-1] != ids[0]+int64(n-1) {
				return nil, fmt.Errorf("datagen: task ids are not contiguous at %d", from)
			}
		}
		if keep {
			for _, id := range ids {
				out = append(out, value.Link{Type: typ, ID: id})
			}
		}
		if g.opt.Log != nil && total > g.opt.Batch {
			el := time.Since(start).Seconds()
			fmt.Fprintf(g.opt.Log, "  %s %d/%d  %.0f rows/s\n", typ, from+n, total, float64(from+n)/el)
		}
	}
	s := Step{Type: typ, Rows: total, Seconds: time.Since(start).Seconds()}
	if s.Seconds > 0 {
		s.PerSec = float64(total) / s.Seconds
	}
	g.res.Steps = append(g.res.Steps, s)
	if g.opt.Log != nil {
		fmt.Fprintf(g.opt.Log, "%-18s %9d rows in %7.1fs  %8.0f rows/s\n", typ, total, s.Seconds, s.PerSec)
	}
	return out, nil
}

func (g *generator) run() error {
	p, opt := g.p, g.opt
	var err error
	// The root department first: the others are its children.
	depts := p.departmentRows()
	if p.departments, err = g.step("Department", 1, func(int, int) []Row { return depts[:1] }, true); err != nil {
		return err
	}
	for _, r := range depts[1:] {
		r.In["parent"] = jlink(p.departments[0])
	}
	more, err := g.step("Department", len(depts)-1, func(from, n int) []Row { return depts[1+from : 1+from+n] }, true)
	if err != nil {
		return err
	}
	p.departments = append(p.departments, more...)
	re := p.rng("employees")
	if p.employees, err = g.step("Employee", opt.Employees, func(from, n int) []Row { return p.employeeRows(re, from, n) }, true); err != nil {
		return err
	}
	if err := g.program(); err != nil {
		return err
	}
	rc := p.rng("clients")
	companies := opt.Clients * 3 / 10
	var names []string
	co, err := g.step("ContractorCompany", companies, func(_, n int) []Row {
		rows, nm := p.companyRows(rc, n)
		names = append(names, nm...)
		return rows
	}, true)
	if err != nil {
		return err
	}
	hu, err := g.step("ContractorHuman", opt.Clients-companies, func(_, n int) []Row {
		rows, nm := p.humanRows(rc, n, co)
		names = append(names, nm...)
		return rows
	}, true)
	if err != nil {
		return err
	}
	p.clients, p.clientNames = append(co, hu...), names
	rd := p.rng("deals")
	if len(p.clients) > 0 {
		if _, err := g.step("Deal", opt.Deals, func(from, n int) []Row { return p.dealRows(rd, from, n) }, false); err != nil {
			return err
		}
		if err := g.dealHistory(); err != nil {
			return err
		}
	}
	rp := p.rng("projects")
	if p.projects, err = g.step("Project", max(1, opt.Tasks/500), func(_, n int) []Row { return p.projectRows(rp, n) }, true); err != nil {
		return err
	}
	rt := p.rng("tasks")
	if _, err := g.step("Task", opt.Tasks, func(from, n int) []Row { return p.taskRows(rt, from, n) }, false); err != nil {
		return err
	}
	g.res.TaskFirst, g.res.TaskLast = p.taskFirst, p.taskFirst+int64(opt.Tasks)-1
	if opt.Tasks > 0 {
		rm := p.rng("comments")
		if _, err := g.step("Comment", opt.Comments, func(_, n int) []Row { return p.commentRows(rm, n) }, false); err != nil {
			return err
		}
	}
	return nil
}

// program makes the sales process every deal runs through.
func (g *generator) program() error {
	p := g.p
	prog, err := g.step("Program", 1, func(int, int) []Row {
		return []Row{{In: entity.Input{"name": jstr("Продажи"), "isBpm": jbool(false)}, Actor: p.admin, Created: p.base.AddDate(-3, 0, 0)}}
	}, true)
	if err != nil {
		return err
	}
	p.program = prog[0]
	p.stages, err = g.step("ProgramState", len(stageNames), func(int, int) []Row {
		rows := make([]Row, len(stageNames))
		for i, s := range stageNames {
			rows[i] = Row{Actor: p.admin, Created: p.base.AddDate(-3, 0, 0), In: entity.Input{"name": jstr(s.name),
				"type": jstr(s.typ), "isEntry": jbool(i == 0), "program": jlink(p.program),
				"orderPosition": jint(int64(i + 1))}}
		}
		return rows
	}, true)
	return err
}

package demo

import (
	"github.com/artel/artel/internal/value"
)

// employee is a created staff member.
type employee struct {
	link value.Link
	dept string
	head bool // heads a department: owns its projects
}

func (f *filler) departments() error {
	f.byDept = map[string][]value.Link{}
	depts := map[string]value.Link{}
	for i, d := range departmentTree {
		body := obj{"name": d.name, "description": d.description, "orderPos": i + 1}
		if d.parent != "" {
			body["parent"] = ref(depts[d.parent])
		}
		l, err := f.create(value.Link{}, "Department", body)
		if err != nil {
			return err
		}
		depts[d.name] = l
	}
	// staff needs the links; keep them keyed by name on the filler.
	f.deptLinks = depts
	return nil
}

func (f *filler) staff() error {
	headSeen := map[string]bool{}
	for i, s := range staffList {
		email := translit(s.first) + "." + translit(s.last) + "@" + companyDomain
		body := obj{
			"firstName": s.first, "middleName": s.middle, "lastName": s.last,
			"name": s.first + " " + s.last, "gender": s.gender, "position": s.position,
			"department": ref(f.deptLinks[s.dept]), "birthday": dateOnly(f.birthday(23, 55)),
			"appearanceDay": dateTime(f.at(-f.between(60, 2500), 9)),
			"isWorking":     true, "canLogin": true,
			"contactInfo": []obj{contact("phone", f.mobile(), true, "Мобильный"), contact("email", email, true, "Рабочий")},
		}
		if i == 0 {
			// The demo user: the only one with credentials, so the
			// others cannot be signed in as with a known password.
			body["login"], body["password"] = Login, Password
			body["description"] = "Учётная запись для знакомства с Artel"
		}
		l, err := f.create(value.Link{}, "Employee", body)
		if err != nil {
			return err
		}
		if i == 0 {
			f.demo = l
		}
		// The first listed member of each department is its head.
		head := !headSeen[s.dept]
		headSeen[s.dept] = true
		if head {
			// The org chart draws a department's head from its head post.
			post := obj{"department": ref(f.deptLinks[s.dept]), "employee": ref(l), "isHead": true}
			if _, err := f.create(value.Link{}, "DepartmentVacancy", post); err != nil {
				return err
			}
		}
		f.employees = append(f.employees, employee{l, s.dept, head})
		f.byDept[s.dept] = append(f.byDept[s.dept], l)
	}
	return nil
}

// all lists every employee's link.
func (f *filler) all() []value.Link {
	out := make([]value.Link, len(f.employees))
	for i, e := range f.employees {
		out[i] = e.link
	}
	return out
}

// head is the head of a department.
func (f *filler) head(dept string) value.Link {
	for _, e := range f.employees {
		if e.dept == dept && e.head {
			return e.link
		}
	}
	return f.demo
}

// sales are the people who manage clients and deals: the sales department
// and the commercial director (second in staffList).
func (f *filler) sales() []value.Link {
	return append([]value.Link{f.employees[1].link}, f.byDept["Продажи"]...)
}

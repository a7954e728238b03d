package datagen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// planner makes the rows. Every step draws from its own random stream
// seeded by the seed and the step's name, so changing one count (say,
// -comments) leaves every other type's rows unchanged.
type planner struct {
	seed uint64
	base time.Time // the generated company's "today"
	opt  Options

	admin       value.Link
	departments []value.Link
	employees   []value.Link
	program     value.Link
	stages      []value.Link
	clients     []value.Link
	clientNames []string
	projects    []value.Link
	taskFirst   int64 // tasks have contiguous ids from taskFirst
	taskProject []int32
}

func (p *planner) rng(step string) *rand.Rand {
	var h uint64 = 1469598103934665603
	for i := 0; i < len(step); i++ {
		h = (h ^ uint64(step[i])) * 1099511628211
	}
	return rand.New(rand.NewPCG(p.seed, h))
}

func pick[T any](r *rand.Rand, list []T) T { return list[r.IntN(len(list))] }

// skewed picks with a mild preference for the front of the list, as work
// concentrates on some people and some clients.
func skewed[T any](r *rand.Rand, list []T) T {
	return list[int(float64(len(list))*math.Pow(r.Float64(), 1.6))]
}

func (p *planner) person(r *rand.Rand) (first, middle, last, gender string) {
	pat := pick(r, patronymics)
	if r.IntN(2) == 0 {
		return pick(r, firstMale), pat[0], pick(r, surnames), "male"
	}
	return pick(r, firstFemale), pat[1], pick(r, surnames) + "а", "female"
}

func (p *planner) departmentRows() []Row {
	n := max(1, min(len(departmentNames), p.opt.Employees/50))
	rows := make([]Row, n)
	for i := range rows {
		// The parent of all but the root is set once the root has an id.
		in := entity.Input{"name": jstr(departmentNames[i]), "orderPos": jint(int64(i + 1))}
		rows[i] = Row{In: in, Created: p.base.AddDate(-3, 0, 0)}
	}
	return rows
}

func (p *planner) employeeRows(r *rand.Rand, from, n int) []Row {
	rows := make([]Row, n)
	for i := range rows {
		first, middle, last, gender := p.person(r)
		mail := fmt.Sprintf("%s.%s%d@bench.example", translit(first), translit(last), from+i)
		rows[i] = Row{Created: p.base.AddDate(-3, 0, r.IntN(900)), In: entity.Input{
			"firstName": jstr(first), "middleName": jstr(middle), "lastName": jstr(last),
			"name": jstr(first + " " + last), "gender": jstr(gender), "position": jstr(pick(r, positions)),
			"department": jlink(pick(r, p.departments)), "isWorking": jbool(true),
			"birthday":    jdateOnly(p.base.AddDate(-22-r.IntN(40), 0, -r.IntN(365))),
			"contactInfo": jcontacts(contact{Type: "phone", Value: phone(r, "+7 9"), IsMain: true, Comment: "Мобильный"}, contact{Type: "email", Value: mail, IsMain: true, Comment: "Рабочий"}),
		}}
	}
	return rows
}

func phone(r *rand.Rand, prefix string) string {
	return fmt.Sprintf("%s%02d %03d-%02d-%02d", prefix, r.IntN(100), r.IntN(1000), r.IntN(100), r.IntN(100))
}

func (p *planner) companyRows(r *rand.Rand, n int) ([]Row, []string) {
	rows, names := make([]Row, n), make([]string, n)
	for i := range rows {
		a, b := pick(r, companyRoots), pick(r, companyRoots)
		name := pick(r, companyForms) + " «" + a + "-" + b + "»"
		domain := translit(a) + "-" + translit(b) + ".ru"
		resp := skewed(r, p.employees)
		names[i] = name
		rows[i] = Row{Actor: resp, Created: p.base.Add(-time.Duration(r.Int64N(int64(3 * 365 * 24 * time.Hour)))), In: entity.Input{
			"name": jstr(name), "responsibles": jlinks(resp), "preferTransport": jstr("email"),
			"description": jstr("Клиент с " + fmt.Sprint(2015+r.IntN(10)) + " года."),
			"contactInfo": jcontacts(contact{Type: "phone", Value: phone(r, "+7 4"), IsMain: true, Comment: "Офис"},
				contact{Type: "email", Value: "info@" + domain, IsMain: true, Comment: "Общий"}),
		}}
	}
	return rows, names
}

func (p *planner) humanRows(r *rand.Rand, n int, companies []value.Link) ([]Row, []string) {
	rows, names := make([]Row, n), make([]string, n)
	for i := range rows {
		first, middle, last, gender := p.person(r)
		resp := skewed(r, p.employees)
		name := last + " " + first + " " + middle
		names[i] = name
		in := entity.Input{"firstName": jstr(first), "middleName": jstr(middle), "lastName": jstr(last),
			"name": jstr(name), "gender": jstr(gender), "responsibles": jlinks(resp),
			"contactInfo": jcontacts(contact{Type: "phone", Value: phone(r, "+7 9"), IsMain: true, Comment: "Мобильный"},
				contact{Type: "email", Value: fmt.Sprintf("%s.%s%d@mail.example", translit(first), translit(last), r.IntN(1000)), IsMain: true, Comment: "Личный"})}
		if len(companies) > 0 && r.IntN(5) < 2 {
			in["company"] = jlink(pick(r, companies))
			in["position"] = jstr(pick(r, positions))
		}
		if r.IntN(10) < 3 {
			in["birthday"] = jdateOnly(p.base.AddDate(-25-r.IntN(40), 0, -r.IntN(365)))
		}
		rows[i] = Row{In: in, Actor: resp, Created: p.base.Add(-time.Duration(r.Int64N(int64(3 * 365 * 24 * time.Hour))))}
	}
	return rows, names
}

func (p *planner) dealRows(r *rand.Rand, from, n int) []Row {
	rows := make([]Row, n)
	total := 0
	for _, s := range stageNames {
		total += s.weight
	}
	for i := range rows {
		k, x := 0, r.IntN(total)
		for x >= stageNames[k].weight {
			x -= stageNames[k].weight
			k++
		}
		c := r.IntN(len(p.clients))
		manager := skewed(r, p.employees)
		price := int64(2+r.IntN(600)) * 5000
		in := entity.Input{"name": jstr(pick(r, dealSubjects) + " — " + p.clientNames[c]), "number": jstr(fmt.Sprintf("%06d", from+i+1)),
			"program": jlink(p.program), "state": jlink(p.stages[k]), "result": jstr(stageNames[k].typ),
			"contractor": jlink(p.clients[c]), "manager": jlink(manager), "price": jmoney(price), "cost": jmoney(price * 6 / 10)}
		if r.IntN(5) == 0 {
			in["auditors"] = jlinks(pick(r, p.employees))
		}
		created := p.base.Add(-time.Duration(float64(2*365*24*time.Hour) * float64(n-i) / float64(n)))
		rows[i] = Row{In: in, Actor: manager, Created: created}
	}
	return rows
}

func (p *planner) projectRows(r *rand.Rand, n int) []Row {
	rows := make([]Row, n)
	for i := range rows {
		owner, resp := pick(r, p.employees), pick(r, p.employees)
		status := "accepted"
		if r.IntN(4) == 0 {
			status = "completed"
		}
		in := entity.Input{"name": jstr(fmt.Sprintf("%s %s №%d", pick(r, projectWords), pick(r, projectObjects), i+1)),
			"owner": jlink(owner), "responsible": jlink(resp), "status": jstr(status), "isTemplate": jbool(false),
			"deadline":  jdateOnly(p.base.AddDate(0, 0, r.IntN(400)-200)),
			"executors": jlinks(pick(r, p.employees))}
		created := p.base.AddDate(-2, 0, -r.IntN(200))
		workTimes(r, in, p.base, created)
		rows[i] = Row{In: in, Actor: owner, Created: created}
	}
	return rows
}

package demo

import (
	"fmt"
	"strings"

	"github.com/artel/artel/internal/value"
)

const (
	companyCount = 80
	humanCount   = 120
)

// client is a created client with the names later steps mention it by.
type client struct {
	link   value.Link
	name   string // as shown in lists: «Альфа-Строй» or Петров И. С.
	domain string // companies: the site's domain
	people []value.Link
	phone  string // people: the mobile number, which the demo's calls come from
}

func (f *filler) companiesStep() error {
	roots := f.rng.Perm(len(companyRoots))
	for i := range companyCount {
		var name, domain string
		var mails []obj
		if i%8 == 7 {
			// Sole traders carry their owner's name and a private e-mail.
			p := f.person()
			name = "ИП " + p.last + " " + p.first + " " + p.middle
			domain = pick(f, freeMail)
			mails = []obj{contact("email", translit(p.first)+"."+translit(p.last)+"@"+domain, true, "")}
		} else {
			root := companyRoots[roots[i-i/8]]
			name = pick(f, companyForms) + " «" + root + "»"
			domain = translit(root) + ".ru"
			mails = []obj{contact("email", "info@"+domain, true, "Общий")}
			if f.chance(0.5) {
				mails = append(mails, contact("email", "zakupki@"+domain, false, "Отдел закупок"))
			}
		}
		info := append([]obj{contact("phone", f.landline(), true, "Офис")}, mails...)
		addr := fmt.Sprintf("%s, %s, д. %d", pick(f, cities), pick(f, streets), f.between(1, 120))
		if f.chance(0.6) {
			addr += fmt.Sprintf(", офис %d", f.between(101, 950))
		}
		info = append(info, address(addr, "Юридический адрес"))
		resp := some(f, f.sales(), f.between(1, 2))
		body := obj{
			"name": name, "contactInfo": info, "responsibles": refs(resp...),
			"description":     pick(f, industries) + ". " + pick(f, clientNotes),
			"preferTransport": pick(f, []string{"email", "email", "sms"}),
		}
		// The last one closed its business: dropped, so the dropped list
		// has something to restore; later steps never pick it.
		last := i == companyCount-1
		typ, status := f.companyKind(i)
		body["type"] = ref(typ)
		if status.ID != 0 {
			body["status"] = ref(status)
		}
		if last {
			body["isDropped"] = true
			body["status"] = ref(f.clientStatuses[3])
		}
		l, err := f.create(f.demo, "ContractorCompany", body)
		if err != nil || last {
			return err
		}
		c := client{link: l, name: name, domain: domain, people: resp}
		f.companies = append(f.companies, c)
		f.clients = append(f.clients, c)
	}
	return nil
}

func (f *filler) humans() error {
	seen := map[string]bool{}
	for i := range humanCount {
		p := f.person()
		for seen[p.initials()] {
			p = f.person()
		}
		seen[p.initials()] = true
		body := obj{"firstName": p.first, "middleName": p.middle, "lastName": p.last,
			"name": p.last + " " + p.first + " " + p.middle, "gender": p.gender}
		resp := some(f, f.sales(), f.between(1, 2))
		body["responsibles"] = refs(resp...)
		mobile := f.mobile()
		info := []obj{contact("phone", mobile, true, "Мобильный")}
		mail := translit(p.first) + "." + translit(p.last)
		// Most contact people belong to a company; the rest are private clients.
		if i < 75 {
			co := f.companies[f.intn(len(f.companies))]
			for strings.HasPrefix(co.name, "ИП ") {
				co = f.companies[f.intn(len(f.companies))]
			}
			body["company"] = ref(co.link)
			body["position"] = pick(f, contactPositions[:len(contactPositions)-1])
			body["description"] = "Контактное лицо " + co.name + "."
			info = append(info, contact("email", mail+"@"+co.domain, true, "Рабочий"))
			if f.chance(0.3) {
				info = append(info, contact("phone", f.landline()+fmt.Sprintf(" доб. %d", f.between(100, 599)), false, "Рабочий"))
			}
		} else {
			body["description"] = "Частный клиент. " + pick(f, clientNotes)
			info = append(info, contact("email", mail+"@"+pick(f, freeMail), true, "Личный"))
		}
		body["contactInfo"] = info
		if f.chance(0.4) {
			body["birthday"] = dateOnly(f.birthday(25, 65))
		}
		last := i == humanCount-1
		body["type"] = ref(f.clientTypes[0])
		body["status"] = ref(f.humanStatus(i))
		if last {
			body["isDropped"] = true
			body["status"] = ref(f.clientStatuses[3])
			body["description"] = "Частный клиент. Переехал в другой город, больше не обращается."
		}
		l, err := f.create(f.demo, "ContractorHuman", body)
		if err != nil || last {
			return err
		}
		f.clients = append(f.clients, client{link: l, name: p.initials(), people: resp, phone: mobile})
	}
	return nil
}

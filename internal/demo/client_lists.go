package demo

import "github.com/artel/artel/internal/value"

// clientLists are the demo company's client types (with the reference's
// kind of each) and statuses, in the order the settings screen shows them.
var (
	clientTypes = []struct{ name, kind string }{
		{"Клиент", "client"}, {"Партнёр", "partner"}, {"Поставщик", "supplier"}, {"Конкурент", "competitor"},
	}
	clientStatuses = []string{"Новый", "В работе", "Постоянный", "Потерян"}
)

// clientListsStep makes the types and statuses the clients are put in.
func (f *filler) clientListsStep() error {
	for _, t := range clientTypes {
		l, err := f.create(value.Link{}, "ContractorType", obj{"name": t.name, "type": t.kind})
		if err != nil {
			return err
		}
		f.clientTypes = append(f.clientTypes, l)
	}
	for _, s := range clientStatuses {
		l, err := f.create(value.Link{}, "ContractorStatus", obj{"name": s})
		if err != nil {
			return err
		}
		f.clientStatuses = append(f.clientStatuses, l)
	}
	return nil
}

// companyKind spreads the companies over the types by their place, so the
// random draws of the other steps stay as they were: most are customers,
// one in ten a partner, a supplier or a competitor. Sole traders (every
// eighth) are customers.
func (f *filler) companyKind(i int) (typ, status value.Link) {
	switch {
	case i%8 == 7:
	case i%10 == 3:
		return f.clientTypes[1], f.clientStatuses[3]
	case i%10 == 6:
		return f.clientTypes[2], f.clientStatuses[3]
	case i%10 == 9:
		return f.clientTypes[3], value.Link{}
	}
	return f.clientTypes[0], f.clientStatuses[i%3]
}

// humanStatus: people are customers, new, being worked with or regular.
func (f *filler) humanStatus(i int) value.Link { return f.clientStatuses[(i/2)%3] }

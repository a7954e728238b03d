package demo

import (
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/crm"
	"github.com/artel/artel/internal/value"
)

// The demo company's client types and statuses are a new account's
// (crm.DefaultTypes, crm.DefaultStatuses), in the order the settings
// screen shows them; companyKind below counts on that order.

// clientListsStep finds the types and statuses the clients are put in,
// made with the account (crm's seeder), and makes any missing: an
// account made before the defaults, or by a test, has none.
func (f *filler) clientListsStep() error {
	for _, t := range crm.DefaultTypes {
		l, err := f.listItem(crm.TypeList, t.Name, obj{"name": t.Name, "type": t.Kind})
		if err != nil {
			return err
		}
		f.clientTypes = append(f.clientTypes, l)
	}
	for _, s := range crm.DefaultStatuses {
		l, err := f.listItem(crm.StatusList, s, obj{"name": s})
		if err != nil {
			return err
		}
		f.clientStatuses = append(f.clientStatuses, l)
	}
	return nil
}

// listItem is the list's item of that name, made when there is none.
func (f *filler) listItem(typ, name string, body obj) (value.Link, error) {
	page, err := f.e.List(f.ctx, entity.Scope{Account: f.account, System: true}, typ, entity.ListQuery{Limit: 100, Fields: []string{"name"}}, value.Options{})
	if err != nil {
		return value.Link{}, err
	}
	for _, rec := range page.Records {
		if n, _ := rec.Values["name"].(string); strings.EqualFold(n, name) {
			return rec.Link(), nil
		}
	}
	return f.create(value.Link{}, typ, body)
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

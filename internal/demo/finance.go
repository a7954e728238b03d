package demo

import "github.com/artel/artel/internal/value"

// books are the demo company's own legal entity (the payee of its
// invoices, with its bank requisites) and its accounts.
type books struct {
	own, bank, cash value.Link
}

func (f *filler) financeBooks() (*books, error) {
	var b books
	var err error
	if b.own, err = f.create(f.demo, "Payer", obj{"name": "ООО «Артель Демо»", "type": "Legal", "isOwn": true,
		"country": obj{"contentType": "Country", "id": "1"}, "inn": "7704123456", "kpp": "770401001",
		"legalAddress": "119034, Москва, Пречистенская наб., 17", "bank": "ПАО Сбербанк, г. Москва", "bik": "044525225",
		"correspondentAccount": "30101810400000000225", "currentAccount": "40702810938000012345"}); err != nil {
		return nil, err
	}
	if b.bank, err = f.create(f.demo, "FinRealAccount", obj{"name": "Расчётный счёт в Сбербанке", "kind": "bank",
		"bankName": "ПАО Сбербанк", "bik": "044525225", "number": "40702810938000012345"}); err != nil {
		return nil, err
	}
	if b.cash, err = f.create(f.demo, "FinRealAccount", obj{"name": "Касса офиса", "kind": "cash"}); err != nil {
		return nil, err
	}
	return &b, nil
}

func rubles(kopecks int64) obj {
	return obj{"contentType": "Money", "value": float64(kopecks) / 100, "currency": "RUB"}
}

// income records a payment of invoices to an account, split between
// them by their rests (docs/finance.md, "Payments").
func (f *filler) income(account value.Link, kopecks int64, deal string, invoices ...value.Link) error {
	_, err := f.create(f.demo, "FinOperation", obj{"kind": "income", "sum": rubles(kopecks), "realAccount": ref(account),
		"invoices": refs(invoices...), "description": "Оплата по сделке «" + deal + "»"})
	return err
}

// expenses are the month's rent and a cash purchase.
func (f *filler) expenses(b *books) error {
	for _, e := range []struct {
		account value.Link
		kopecks int64
		what    string
	}{
		{b.bank, 8500000, "Аренда офиса за месяц"},
		{b.cash, 345050, "Канцелярия и вода в офис"},
	} {
		if _, err := f.create(f.demo, "FinOperation", obj{"kind": "expense", "sum": rubles(e.kopecks),
			"realAccount": ref(e.account), "description": e.what}); err != nil {
			return err
		}
	}
	// Cash paid in to the desk before the purchase.
	_, err := f.create(f.demo, "FinOperation", obj{"kind": "income", "sum": rubles(2000000), "realAccount": ref(b.cash),
		"description": "Внесение наличных в кассу"})
	return err
}

package demo

import (
	"encoding/json"
	"fmt"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/stock"
	"github.com/artel/artel/internal/value"
)

// demoGoods are the goods the demo company keeps in stock, with what
// arrived at the main warehouse.
var demoGoods = []struct {
	name, article, unit string
	price               int64
	received            float64
}{
	{"Сервер Artel Box S", "AB-S-01", "шт", 185000, 12},
	{"Ноутбук для менеджера", "NB-14", "шт", 72000, 30},
	{"Монитор 27\"", "MN-27", "шт", 24000, 40},
	{"Кабель витая пара, кат. 6", "CAB-6", "м", 45, 1500.5},
}

// stockStep fills two warehouses: goods received at the main one, part
// moved to the second, an expense reserved for a deal, one drafted, and
// a delivery on its way. Through the stock rules, so the balances are
// the ones consignments leave.
func (f *filler) stockStep() error {
	main, err := f.create(f.demo, "Warehouse", obj{"name": "Основной склад", "description": "Москва, ул. Складская, 4"})
	if err != nil {
		return err
	}
	spb, err := f.create(f.demo, "Warehouse", obj{"name": "Склад в Санкт-Петербурге"})
	if err != nil {
		return err
	}
	var goods []value.Link
	var rows []obj
	for _, g := range demoGoods {
		l, err := f.create(f.demo, "Offer", obj{"name": g.name, "article": g.article, "type": "product",
			"price": money(g.price)})
		if err != nil {
			return err
		}
		goods = append(goods, l)
		f.offers = append(f.offers, pricedOffer{l, g.price})
		rows = append(rows, obj{"offer": ref(l), "quantity": g.received, "price": money(g.price)})
	}
	row := func(i int, q float64) obj { return obj{"offer": ref(goods[i]), "quantity": q} }
	if _, err := f.consignment(obj{"type": "income", "state": "performed", "warehouse": ref(main),
		"description": "Поставка от дистрибьютора", "rows": rows}); err != nil {
		return err
	}
	if _, err := stock.Over(f.e).Move(f.ctx, f.scope(), main.ID, spb.ID, mustJSON([]obj{row(1, 10), row(2, 12)}), nil); err != nil {
		return fmt.Errorf("demo: movement: %w", err)
	}
	f.counts["Consignment"] += 2 // its expense and its income
	expense := obj{"type": "expense", "state": "reserved", "warehouse": ref(main), "rows": []obj{row(0, 2), row(2, 4)},
		"description": "Отгрузка клиенту"}
	if len(f.deals) > 0 {
		expense["deal"] = ref(f.deals[0].link)
	}
	if _, err := f.consignment(expense); err != nil {
		return err
	}
	if _, err := f.consignment(obj{"type": "expense", "warehouse": ref(spb), "rows": []obj{row(1, 3)},
		"description": "Ноутбуки для филиала"}); err != nil {
		return err
	}
	_, err = f.consignment(obj{"type": "income", "state": "reserved", "warehouse": ref(main), "rows": []obj{row(3, 500)},
		"description": "Ожидается поставка кабеля"})
	return err
}

// consignment saves one through the stock rules and counts it.
func (f *filler) consignment(body obj) (value.Link, error) {
	in := entity.Input{}
	for k, v := range body {
		in[k] = mustJSON(v)
	}
	rec, err := stock.Over(f.e).Save(f.ctx, f.scope(), 0, in)
	if err != nil {
		return value.Link{}, fmt.Errorf("demo: consignment %q: %s: %w", body["description"], describe(err), err)
	}
	f.counts["Consignment"]++
	return rec.Link(), nil
}

func (f *filler) scope() entity.Scope {
	return entity.Scope{Account: f.account, Actor: f.demo, System: true}
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

package finance_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/finance"
)

// A statement's preview books nothing and shows each line's invoices;
// the booking naming its digest books exactly that, or nothing when
// what it would book has changed since. One line pays several invoices:
// those its purpose names, or all its ИНН's open ones when their rests
// add up to its sum.
func TestImportPreviewAndSplit(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 5000)
		bank := make1(t, h, "finRealAccount", map[string]any{"name": "Сбербанк", "kind": "bank", "number": "40702810938000012345"})
		inv := func(sum float64) (string, string) {
			o := must(t, b.invoice(nil, row("Поставка", "price", rub(sum))))
			return o["id"].(string), o["number"].(string)
		}
		a, an := inv(600)
		c, cn := inv(400)
		csv := "Дата;Номер;Сумма;Контрагент;ИНН;Назначение платежа\n" +
			"28.10.2026;7;1000,00;ООО «Альфа»;7701234567;Оплата по счетам № " + an + ", " + cn + "\n"
		send := func(csv string, extra map[string]any) *apitest.Resp {
			body := map[string]any{"realAccount": apitest.Link("FinRealAccount", bank), "content": csv}
			for k, v := range extra {
				body[k] = v
			}
			return h.Do("POST", "/api/v3/finOperation/importStatement", apitest.Req{Body: body})
		}
		ops := func() int { return count(t, h, "SELECT COUNT(*) FROM e_finoperation") }
		paid := func(id string) (float64, any) {
			o := b.get(t, "invoice/"+id)
			return moneyOf(o, "paidSum"), o["status"]
		}

		pre := must(t, send(csv, map[string]any{"preview": true}))
		lines, _ := pre["lines"].([]any)
		if pre["preview"] != true || pre["imported"] != float64(1) || pre["matched"] != float64(1) || len(lines) != 1 {
			t.Fatalf("the preview: %v", pre)
		}
		parts, _ := lines[0].(map[string]any)["invoices"].([]any)
		if len(parts) != 2 || parts[0].(map[string]any)["number"] != an || moneyOf(parts[0].(map[string]any), "sum") != 600 ||
			moneyOf(parts[1].(map[string]any), "sum") != 400 {
			t.Errorf("the preview's parts: %v", parts)
		}
		if n := ops(); n != 0 {
			t.Errorf("the preview wrote %d operations", n)
		}
		if p, _ := paid(a); p != 0 {
			t.Errorf("the preview paid %v", p)
		}
		done := must(t, send(csv, map[string]any{"digest": pre["digest"]}))
		if done["imported"] != float64(1) || done["digest"] != pre["digest"] || ops() != 1 {
			t.Errorf("the booking: %v", done)
		}
		for _, id := range []string{a, c} {
			if p, st := paid(id); st != "paid" {
				t.Errorf("invoice %s after the split line: %v %v", id, p, st)
			}
		}

		// By ИНН: two open invoices whose rests make the sum.
		d, _ := inv(300)
		e, _ := inv(200)
		byINN := "Дата;Номер;Сумма;Контрагент;ИНН;Назначение платежа\n" +
			"29.10.2026;9;500;ООО «Альфа»;7701234567;Оплата по договору\n"
		pre = must(t, send(byINN, map[string]any{"preview": "true"}))
		// A payment between the preview and the booking changes what the
		// line would pay: the booking is refused and writes nothing.
		between := must(t, b.op("income", 100, apitest.Link("FinRealAccount", bank), map[string]any{"invoices": []any{apitest.Link("Invoice", d)}}))
		field422(t, send(byINN, map[string]any{"digest": pre["digest"]}), "digest", finance.CodeStatementChanged)
		if n := ops(); n != 2 {
			t.Errorf("a refused booking left %d operations, want 2", n)
		}
		must(t, h.Do("DELETE", "/api/v3/finOperation/"+between["id"].(string), apitest.Req{}))
		must(t, send(byINN, map[string]any{"digest": pre["digest"]}))
		for id, want := range map[string]float64{d: 300, e: 200} {
			if p, st := paid(id); p != want || st != "paid" {
				t.Errorf("invoice %s by ИНН: %v %v, want %v paid", id, p, st, want)
			}
		}
	})
}

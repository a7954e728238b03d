package finance_test

import (
	"bytes"
	"mime/multipart"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"github.com/artel/artel/internal/apitest"
)

const unnamed1C = `1CClientBankExchange
ВерсияФормата=1.03
Кодировка=Windows
РасчСчет=40702810938000012345
СекцияДокумент=Платежное поручение
Номер=601
Дата=26.10.2026
Сумма=400.00
ПлательщикИНН=7701234567
Плательщик1=ООО «Альфа»
ПолучательСчет=40702810938000012345
НазначениеПлатежа=Оплата по договору поставки
КонецДокумента
СекцияДокумент=Платежное поручение
Номер=602
Дата=26.10.2026
Сумма=555.55
ПлательщикИНН=7700000000
Плательщик1=ООО «Неизвестно»
ПолучательСчет=40702810938000012345
НазначениеПлатежа=Оплата услуг
КонецДокумента
СекцияДокумент=Платежное поручение
Номер=603
Дата=26.10.2026
Сумма=700.10
Плательщик1=Иванов И. И.
ПолучательСчет=40702810938000012345
НазначениеПлатежа=Оплата
КонецДокумента
КонецФайла
`

// Incomes naming no invoice: by the payer's ИНН (a part of the one open
// invoice of that ИНН), by the sum alone (the one open invoice whose
// rest it is); two candidates leave the line unmatched.
func TestImportMatchUnnamed(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 5000)
		bank := make1(t, h, "finRealAccount", map[string]any{"name": "Сбербанк", "kind": "bank", "number": "40702810938000012345"})
		alfa := must(t, b.invoice(nil, row("Поставка", "price", rub(1000))))["id"].(string)
		other := func() {
			b.payer = apitest.Link("Payer", make1(t, h, "payer", map[string]any{"name": "ООО «Бета»", "type": "Legal",
				"country": map[string]any{"contentType": "Country", "id": "1"}, "inn": "7709999999"}))
		}
		other()
		bySum := must(t, b.invoice(nil, row("Монтаж", "price", rub(555.55))))["id"].(string)
		twinA := must(t, b.invoice(nil, row("Доставка", "price", rub(700.1))))["id"].(string)
		other()
		twinB := must(t, b.invoice(nil, row("Доставка", "price", rub(700.1))))["id"].(string)

		file, _ := charmap.Windows1251.NewEncoder().String(unnamed1C)
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		_ = mw.WriteField("realAccount", bank)
		part, _ := mw.CreateFormFile("file", "kl_to_1c.txt")
		_, _ = part.Write([]byte(file))
		_ = mw.Close()
		out := must(t, h.Do("POST", "/api/v3/finOperation/importStatement", apitest.Req{Body: body.String(), ContentType: mw.FormDataContentType()}))
		if out["imported"] != float64(3) || out["matched"] != float64(2) {
			t.Errorf("the import: %v", out)
		}
		want := map[string]struct {
			status string
			paid   float64
		}{alfa: {"created", 400}, bySum: {"paid", 555.55}, twinA: {"created", 0}, twinB: {"created", 0}}
		for id, w := range want {
			inv := b.get(t, "invoice/"+id)
			if inv["status"] != w.status || moneyOf(inv, "paidSum") != w.paid {
				t.Errorf("invoice %s: %v %v, want %s %v", id, inv["status"], inv["paidSum"], w.status, w.paid)
			}
		}
	})
}

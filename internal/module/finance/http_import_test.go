package finance_test

import (
	"bytes"
	"mime/multipart"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/finance"
)

const statement1C = `1CClientBankExchange
ВерсияФормата=1.03
Кодировка=Windows
РасчСчет=40702810938000012345
СекцияДокумент=Платежное поручение
Номер=512
Дата=26.10.2026
Сумма=1200.50
ПлательщикСчет=40702810100000000777
Плательщик1=ООО «Альфа»
ПлательщикИНН=7701234567
ПолучательСчет=40702810938000012345
НазначениеПлатежа=Оплата по счёту № INV в т.ч. НДС
КонецДокумента
СекцияДокумент=Платежное поручение
Номер=88
Дата=27.10.2026
Сумма=850.25
ПлательщикСчет=40702810938000012345
ПолучательСчет=40702810500000000001
Получатель1=ИП Петров
НазначениеПлатежа=Аренда за октябрь
КонецДокумента
КонецФайла
`

// A bank statement books its lines on the account, once: an income
// naming an open invoice by number, not above what is left of it, pays
// it; another stays unmatched.
func TestImportStatement(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 5000)
		bank := make1(t, h, "finRealAccount", map[string]any{"name": "Сбербанк", "kind": "bank", "number": "40702810938000012345"})
		first := must(t, b.invoice(map[string]any{"deal": apitest.Link("Deal", b.deal)}, row("Поставка", "price", rub(1200.5))))
		second := must(t, b.invoice(nil, row("Монтаж", "price", rub(3000))))
		file, err := charmap.Windows1251.NewEncoder().String(strings.Replace(statement1C, "INV", first["number"].(string), 1))
		if err != nil {
			t.Fatal(err)
		}
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		_ = mw.WriteField("realAccount", bank)
		part, _ := mw.CreateFormFile("file", "kl_to_1c.txt")
		_, _ = part.Write([]byte(file))
		_ = mw.Close()
		send := func() map[string]any {
			return must(t, h.Do("POST", "/api/v3/finOperation/importStatement", apitest.Req{Body: body.String(), ContentType: mw.FormDataContentType()}))
		}
		out := send()
		if out["imported"] != float64(2) || out["matched"] != float64(1) || out["skipped"] != float64(0) {
			t.Errorf("the import: %v", out)
		}
		inv := b.get(t, "invoice/"+first["id"].(string))
		if inv["status"] != "paid" || moneyOf(inv, "paidSum") != 1200.5 {
			t.Errorf("the invoice paid by the statement: %v %v", inv["status"], inv["paidSum"])
		}
		if d := b.get(t, "deal/"+b.deal); moneyOf(d, "debt") != 3799.5 {
			t.Errorf("the deal's debt: %v", d["debt"])
		}
		balance := func() float64 { return moneyOf(b.get(t, "finRealAccount/"+bank), "balance") }
		if got := balance(); got != 350.25 {
			t.Errorf("balance %v, want 350.25", got)
		}
		if again := send(); again["imported"] != float64(0) || again["skipped"] != float64(2) || balance() != 350.25 {
			t.Errorf("imported twice: %v, balance %v", again, balance())
		}

		// CSV: a part of the second invoice matches; a sum above what is
		// left does not.
		n := second["number"].(string)
		csv := "Дата;Номер;Сумма;Контрагент;Назначение платежа\n" +
			"28.10.2026;7;1000,00;ООО «Альфа»;Аванс по сч. " + n + "\n" +
			"29.10.2026;8;2500;ООО «Альфа»;Остаток по сч. " + n + "\n"
		out = must(t, h.Do("POST", "/api/v3/finOperation/importStatement", apitest.Req{Body: map[string]any{
			"realAccount": apitest.Link("FinRealAccount", bank), "content": csv}}))
		if out["imported"] != float64(2) || out["matched"] != float64(1) {
			t.Errorf("the CSV import: %v", out)
		}
		if inv := b.get(t, "invoice/"+second["id"].(string)); inv["status"] != "created" || moneyOf(inv, "paidSum") != 1000 {
			t.Errorf("the second invoice: %v %v", inv["status"], inv["paidSum"])
		}

		field422(t, h.Do("POST", "/api/v3/finOperation/importStatement", apitest.Req{Body: map[string]any{
			"realAccount": apitest.Link("FinRealAccount", bank), "content": "что-то\nне то\n"}}), "file", finance.CodeStatementFormat)
		field422(t, h.Do("POST", "/api/v3/finOperation/importStatement", apitest.Req{Body: map[string]any{"content": csv}}), "realAccount", "required")
		if r := h.Do("POST", "/api/v3/finOperation/importStatement", apitest.Req{Body: map[string]any{
			"realAccount": apitest.Link("FinRealAccount", "999999"), "content": csv}}); r.Status != 404 {
			t.Errorf("a missing account: %d %s", r.Status, r.Body)
		}
	})
}

package pdf_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/module/finance/pdf"
	"github.com/artel/artel/internal/module/finance/pdf/pdftest"
)

func TestRenderReadBack(t *testing.T) {
	inv := &pdf.Invoice{Number: "17", Date: "25 октября 2026 г.", Deadline: "5 ноября 2026 г.",
		Payee: pdf.Party{Name: "ООО «Артель»", INN: "7701000001", KPP: "770101001", Address: "Москва, ул. Ленина, 1",
			Bank: "ПАО Сбербанк", BIK: "044525225", CorrAccount: "30101810400000000225", CurrentAcct: "40702810900000000001"},
		Payer: pdf.Party{Name: "ООО «Альфа»", INN: "7701234567"},
		Rows: []pdf.Row{{Name: "Ёмкость стальная", Quantity: "3", Unit: "шт", Price: 3333, Sum: 9999},
			{Name: "Доставка", Quantity: "1", Unit: "усл", Price: 110001, Sum: 110001}},
		Total: 120000, Tax: 20000, HasTax: true}
	data, err := pdf.Render(inv)
	if err != nil {
		t.Fatal(err)
	}
	text := pdftest.Text(t, data)
	for _, want := range []string{"Счёт на оплату № 17 от 25 октября 2026 г.", "ООО «Артель»", "ИНН 7701000001",
		"044525225", "30101810400000000225", "40702810900000000001", "ПАО Сбербанк", "ООО «Альфа»",
		"Ёмкость стальная", "33,33", "99,99", "1 100,01", "Итого: 1 200,00", "В том числе НДС: 200,00",
		"Всего к оплате: 1 200,00", "Всего наименований 2, на сумму 1 200,00 руб.",
		"Итого к оплате: Одна тысяча двести рублей 00 копеек", "Оплатить до 5 ноября 2026 г."} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF lacks %q:\n%s", want, text)
		}
	}
}

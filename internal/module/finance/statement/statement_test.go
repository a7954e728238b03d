package statement

import (
	"reflect"
	"testing"

	"golang.org/x/text/encoding/charmap"
)

const exchange = `1CClientBankExchange
ВерсияФормата=1.03
Кодировка=Windows
Отправитель=Бухгалтерия предприятия
ДатаНачала=01.10.2026
РасчСчет=40702810938000012345
СекцияРасчСчет
РасчСчет=40702810938000012345
КонецРасчСчет
СекцияДокумент=Платежное поручение
Номер=512
Дата=26.10.2026
Сумма=1200.50
ПлательщикСчет=40702810100000000777
Плательщик=ИНН 7701234567 ООО «Альфа»
ПлательщикИНН=7701234567
Плательщик1=ООО «Альфа»
ПолучательСчет=40702810938000012345
ПолучательИНН=7704123456
НазначениеПлатежа=Оплата по счёту № 17 от 25.10.2026, в т.ч. НДС 20% - 200.08
КонецДокумента
СекцияДокумент=Платежное поручение
Номер=88
Дата=27.10.2026
Сумма=85000
ПлательщикСчет=40702810938000012345
ПолучательСчет=40702810500000000001
Получатель1=ИП Петров
ПолучательИНН=500100732259
НазначениеПлатежа=Аренда за октябрь
КонецДокумента
КонецФайла
`

func TestParse1CWindows1251(t *testing.T) {
	data, err := charmap.Windows1251.NewEncoder().String(exchange)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := Parse([]byte(data), "")
	if err != nil {
		t.Fatal(err)
	}
	want := []Line{
		{Date: "2026-10-26", Number: "512", Kopecks: 120050, Income: true, Party: "ООО «Альфа»", PartyTIN: "7701234567",
			Purpose: "Оплата по счёту № 17 от 25.10.2026, в т.ч. НДС 20% - 200.08"},
		{Date: "2026-10-27", Number: "88", Kopecks: 8500000, Income: false, Party: "ИП Петров", PartyTIN: "500100732259",
			Purpose: "Аренда за октябрь"},
	}
	if !reflect.DeepEqual(lines, want) {
		t.Errorf("got %+v\nwant %+v", lines, want)
	}
}

func TestParseCSV(t *testing.T) {
	lines, err := Parse([]byte("Дата;Номер;Сумма;Контрагент;ИНН;Назначение платежа\n"+
		"25.10.2026;1;\"1 200,50\";ООО «Альфа»;7701234567;Оплата сч. 17\n"+
		"26.10.2026;2;-99,99;Канцтовары;;Бумага\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 2 || lines[0].Kopecks != 120050 || !lines[0].Income || lines[0].Date != "2026-10-25" ||
		lines[1].Kopecks != 9999 || lines[1].Income || lines[0].PartyTIN != "7701234567" {
		t.Errorf("got %+v", lines)
	}
	if _, err := Parse([]byte("a,b\n1,2\n"), ""); err != ErrFormat {
		t.Errorf("a CSV without sums: %v", err)
	}
	if _, err := Parse([]byte("sum\nabc\n"), ""); err == nil {
		t.Error("a bad sum was read")
	}
}

func TestInvoiceNumbers(t *testing.T) {
	for purpose, want := range map[string][]string{
		"Оплата по счёту № 17 от 25.10.2026": {"17"},
		"Оплата сч. 17, сч.18":               {"17", "18"},
		"по счету №А-17 за услуги":           {"А-17"},
		"Оплата по счету на оплату № 5":      {"5"},
		"Аренда за октябрь":                  nil,
		"Оплата по счетам № 17, 18 и 19":     {"17", "18", "19"},
		"Оплата счета №17 и №18 от 25.10":    {"17", "18"},
	} {
		if got := InvoiceNumbers(purpose); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %v, want %v", purpose, got, want)
		}
	}
}

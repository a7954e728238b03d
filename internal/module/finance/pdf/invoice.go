// Package pdf renders an invoice in the Russian form ("Счёт на оплату"):
// the payee's bank requisites, payee and payer, the rows, the VAT and the
// total in words, in DejaVu Sans embedded in the binary so Cyrillic
// renders on any machine. It draws what it is given; the finance rules
// compute every sum.
package pdf

import (
	"bytes"
	_ "embed"
	"fmt"
	"math/big"
	"strings"

	"github.com/go-pdf/fpdf"
)

//go:embed fonts/DejaVuSans.ttf
var regular []byte

//go:embed fonts/DejaVuSans-Bold.ttf
var bold []byte

// Party is a payer or the payee: a Payer's requisites.
type Party struct {
	Name, INN, KPP, Address             string
	Bank, BIK, CorrAccount, CurrentAcct string
}

// Row is one invoice row, its sums in kopecks.
type Row struct {
	Name     string
	Quantity string
	Unit     string
	Price    int64
	Sum      int64
}

// Invoice is what the form shows.
type Invoice struct {
	Number   string
	Date     string // "25 октября 2026 г."
	Deadline string // optional, the same form
	Payee    Party
	Payer    Party
	Rows     []Row
	Total    int64 // kopecks
	Tax      int64 // kopecks of VAT, included in Total
	HasTax   bool
	Currency string
}

// Amount prints kopecks as the form does: "1 200,50".
func Amount(k int64) string {
	neg := k < 0
	if neg {
		k = -k
	}
	s := big.NewRat(k, 100).FloatString(2)
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteRune(' ')
		}
		b.WriteRune(r)
	}
	out := b.String() + "," + frac
	if neg {
		out = "-" + out
	}
	return out
}

// Render draws the invoice as a PDF.
func Render(inv *Invoice) ([]byte, error) {
	p := fpdf.New("P", "mm", "A4", "")
	p.SetMargins(15, 15, 15)
	p.SetAutoPageBreak(true, 15)
	p.AddUTF8FontFromBytes("DejaVu", "", regular)
	p.AddUTF8FontFromBytes("DejaVu", "B", bold)
	p.SetTitle("Счёт на оплату № "+inv.Number, true)
	p.AddPage()
	bank(p, inv.Payee)
	p.Ln(6)
	p.SetFont("DejaVu", "B", 14)
	p.MultiCell(0, 7, fmt.Sprintf("Счёт на оплату № %s от %s", inv.Number, inv.Date), "B", "L", false)
	p.Ln(3)
	party(p, "Поставщик (Исполнитель):", inv.Payee)
	party(p, "Покупатель (Заказчик):", inv.Payer)
	if inv.Deadline != "" {
		p.SetFont("DejaVu", "", 9)
		p.MultiCell(0, 5, "Оплатить до "+inv.Deadline, "", "L", false)
	}
	p.Ln(3)
	rows(p, inv.Rows)
	totals(p, inv)
	var buf bytes.Buffer
	if err := p.Output(&buf); err != nil {
		return nil, fmt.Errorf("pdf: %w", err)
	}
	return buf.Bytes(), nil
}

// bank is the payee's bank block at the top of the form.
func bank(p *fpdf.Fpdf, payee Party) {
	p.SetFont("DejaVu", "", 9)
	w1, w2, w3 := 100.0, 18.0, 62.0
	p.CellFormat(w1, 5, payee.Bank, "LTR", 0, "L", false, 0, "")
	p.CellFormat(w2, 5, "БИК", "1", 0, "L", false, 0, "")
	p.CellFormat(w3, 5, payee.BIK, "LTR", 1, "L", false, 0, "")
	p.CellFormat(w1, 5, "Банк получателя", "LBR", 0, "L", false, 0, "")
	p.CellFormat(w2, 5, "Сч. №", "1", 0, "L", false, 0, "")
	p.CellFormat(w3, 5, payee.CorrAccount, "LBR", 1, "L", false, 0, "")
	p.CellFormat(w1/2, 5, "ИНН "+payee.INN, "1", 0, "L", false, 0, "")
	p.CellFormat(w1/2, 5, "КПП "+payee.KPP, "1", 0, "L", false, 0, "")
	p.CellFormat(w2, 5, "Сч. №", "LTR", 0, "L", false, 0, "")
	p.CellFormat(w3, 5, payee.CurrentAcct, "LTR", 1, "L", false, 0, "")
	p.CellFormat(w1, 5, payee.Name, "LR", 0, "L", false, 0, "")
	p.CellFormat(w2, 5, "", "LR", 0, "L", false, 0, "")
	p.CellFormat(w3, 5, "", "LR", 1, "L", false, 0, "")
	p.CellFormat(w1, 5, "Получатель", "LBR", 0, "L", false, 0, "")
	p.CellFormat(w2, 5, "", "LBR", 0, "L", false, 0, "")
	p.CellFormat(w3, 5, "", "LBR", 1, "L", false, 0, "")
}

// party is a labelled line of requisites: name, ИНН, КПП, address.
func party(p *fpdf.Fpdf, label string, x Party) {
	parts := []string{x.Name}
	if x.INN != "" {
		parts = append(parts, "ИНН "+x.INN)
	}
	if x.KPP != "" {
		parts = append(parts, "КПП "+x.KPP)
	}
	if x.Address != "" {
		parts = append(parts, x.Address)
	}
	p.SetFont("DejaVu", "", 9)
	p.CellFormat(40, 5, label, "", 0, "L", false, 0, "")
	p.SetFont("DejaVu", "B", 9)
	p.MultiCell(0, 5, strings.Join(parts, ", "), "", "L", false)
	p.Ln(1)
}

var widths = []float64{10, 82, 18, 14, 28, 28}

func rows(p *fpdf.Fpdf, list []Row) {
	p.SetFont("DejaVu", "B", 9)
	for i, h := range []string{"№", "Товары (работы, услуги)", "Кол-во", "Ед.", "Цена", "Сумма"} {
		p.CellFormat(widths[i], 6, h, "1", 0, "C", false, 0, "")
	}
	p.Ln(-1)
	p.SetFont("DejaVu", "", 9)
	for i, r := range list {
		lines := p.SplitText(r.Name, widths[1]-2)
		h := 5 * float64(max(len(lines), 1))
		if p.GetY()+h > 280 {
			p.AddPage()
		}
		x, y := p.GetXY()
		p.CellFormat(widths[0], h, fmt.Sprint(i+1), "1", 0, "C", false, 0, "")
		p.MultiCell(widths[1], 5, r.Name, "1", "L", false)
		p.SetXY(x+widths[0]+widths[1], y)
		p.CellFormat(widths[2], h, r.Quantity, "1", 0, "R", false, 0, "")
		p.CellFormat(widths[3], h, r.Unit, "1", 0, "C", false, 0, "")
		p.CellFormat(widths[4], h, Amount(r.Price), "1", 0, "R", false, 0, "")
		p.CellFormat(widths[5], h, Amount(r.Sum), "1", 1, "R", false, 0, "")
	}
}

func totals(p *fpdf.Fpdf, inv *Invoice) {
	label := widths[0] + widths[1] + widths[2] + widths[3] + widths[4]
	line := func(name, v string) {
		p.SetFont("DejaVu", "B", 9)
		p.CellFormat(label, 5, name, "", 0, "R", false, 0, "")
		p.CellFormat(widths[5], 5, v, "", 1, "R", false, 0, "")
	}
	line("Итого:", Amount(inv.Total))
	if inv.HasTax {
		line("В том числе НДС:", Amount(inv.Tax))
	} else {
		line("Без налога (НДС)", "-")
	}
	line("Всего к оплате:", Amount(inv.Total))
	p.Ln(3)
	p.SetFont("DejaVu", "", 9)
	cur := inv.Currency
	if cur == "" || cur == "RUB" {
		cur = "руб."
	}
	p.MultiCell(0, 5, fmt.Sprintf("Всего наименований %d, на сумму %s %s", len(inv.Rows), Amount(inv.Total), cur), "", "L", false)
	p.SetFont("DejaVu", "B", 10)
	p.MultiCell(0, 6, "Итого к оплате: "+Roubles(inv.Total), "B", "L", false)
	p.Ln(10)
	p.SetFont("DejaVu", "", 9)
	p.CellFormat(90, 5, "Руководитель ____________________", "", 0, "L", false, 0, "")
	p.CellFormat(90, 5, "Бухгалтер ____________________", "", 1, "L", false, 0, "")
}

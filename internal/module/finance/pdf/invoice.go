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
	Form     Form
}

// Form is what an invoice template sets on the printed form. The zero
// Form is the built-in one.
type Form struct {
	Header     string   // printed above the bank block
	Conditions string   // printed under the totals
	Signatures []Sign   // nil: the built-in head and accountant lines
	Hide       []string // blocks left out: bank, payer, deadline, unit, tax, totalInWords, signatures
	Logo       Image
	Stamp      Image
}

// Sign is a signature line: its title, and the name after the line.
type Sign struct{ Title, Name string }

// Image is a PNG or JPEG ("PNG", "JPG") with its bytes.
type Image struct {
	Kind string
	Data []byte
}

func (f Form) hides(block string) bool {
	for _, h := range f.Hide {
		if h == block {
			return true
		}
	}
	return false
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
	form := inv.Form
	if form.Logo.Kind != "" {
		image(p, "logo", form.Logo, 15, 10, 0, 18)
		p.SetY(30)
	}
	if form.Header != "" {
		p.SetFont("DejaVu", "", 9)
		p.MultiCell(0, 5, form.Header, "", "L", false)
		p.Ln(2)
	}
	if !form.hides("bank") {
		bank(p, inv.Payee)
	}
	p.Ln(6)
	p.SetFont("DejaVu", "B", 14)
	p.MultiCell(0, 7, fmt.Sprintf("Счёт на оплату № %s от %s", inv.Number, inv.Date), "B", "L", false)
	p.Ln(3)
	party(p, "Поставщик (Исполнитель):", inv.Payee)
	if !form.hides("payer") {
		party(p, "Покупатель (Заказчик):", inv.Payer)
	}
	if inv.Deadline != "" && !form.hides("deadline") {
		p.SetFont("DejaVu", "", 9)
		p.MultiCell(0, 5, "Оплатить до "+inv.Deadline, "", "L", false)
	}
	p.Ln(3)
	rows(p, inv.Rows, form.hides("unit"))
	totals(p, inv)
	signatures(p, form)
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

func rows(p *fpdf.Fpdf, list []Row, noUnit bool) {
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
		unit := r.Unit
		if noUnit {
			unit = ""
		}
		p.CellFormat(widths[3], h, unit, "1", 0, "C", false, 0, "")
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
	switch {
	case inv.Form.hides("tax"):
	case inv.HasTax:
		line("В том числе НДС:", Amount(inv.Tax))
	default:
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
	if !inv.Form.hides("totalInWords") {
		p.SetFont("DejaVu", "B", 10)
		p.MultiCell(0, 6, "Итого к оплате: "+Roubles(inv.Total), "B", "L", false)
	}
	if inv.Form.Conditions != "" {
		p.Ln(3)
		p.SetFont("DejaVu", "", 8)
		p.MultiCell(0, 4, inv.Form.Conditions, "", "L", false)
	}
}

// signatures are the lines under the form, one to a row, and the stamp
// over them.
func signatures(p *fpdf.Fpdf, form Form) {
	if form.hides("signatures") {
		return
	}
	signs := form.Signatures
	if signs == nil {
		signs = []Sign{{Title: "Руководитель"}, {Title: "Бухгалтер"}}
	}
	p.Ln(10)
	top := p.GetY()
	p.SetFont("DejaVu", "", 9)
	for _, s := range signs {
		p.CellFormat(0, 8, strings.TrimSpace(s.Title+" ____________________ "+s.Name), "", 1, "L", false, 0, "")
	}
	if form.Stamp.Kind != "" {
		image(p, "stamp", form.Stamp, 60, top-8, 40, 0)
	}
}

// image draws a template's image; one that fpdf cannot read is left out
// rather than failing the invoice.
func image(p *fpdf.Fpdf, name string, img Image, x, y, w, h float64) {
	opt := fpdf.ImageOptions{ImageType: img.Kind}
	p.RegisterImageOptionsReader(name, opt, bytes.NewReader(img.Data))
	if p.Err() {
		p.ClearError()
		return
	}
	p.ImageOptions(name, x, y, w, h, false, opt, 0, "")
}

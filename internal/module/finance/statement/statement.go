// Package statement reads bank statements: the 1C client-bank exchange
// format ("1CClientBankExchange", the text banks export for 1C, usually
// in Windows-1251) and CSV with a header row. It only reads; the finance
// rules match the payments to invoices.
package statement

import (
	"encoding/csv"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/artel/artel/internal/money"
)

// Line is one payment of a statement.
type Line struct {
	Date     string // "2026-10-25"
	Number   string // the payment document's number
	Kopecks  int64  // always positive
	Income   bool   // money came to the account
	Party    string // the other side: payer of an income, payee of an expense
	PartyTIN string
	Purpose  string // "Оплата по счёту № 17 от 25.10.2026"
}

// Key identifies a line across imports of overlapping statements.
func (l Line) Key() string {
	return fmt.Sprintf("%s|%s|%d|%t|%s", l.Date, l.Number, l.Kopecks, l.Income, l.PartyTIN)
}

// ErrFormat is a statement neither format reads.
var ErrFormat = errors.New("statement: not a 1C exchange file nor a CSV with date, sum and purpose columns")

// Parse reads a statement for the account numbered own (its 20 digits;
// in the 1C format, directions are told by it, or by the file's own
// account when own is empty).
func Parse(data []byte, own string) ([]Line, error) {
	text := decode(data)
	if strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(text, "\ufeff")), "1CClientBankExchange") {
		return parse1C(text, own)
	}
	return parseCSV(text)
}

// decode reads UTF-8, or Windows-1251 when the bytes are not UTF-8.
func decode(data []byte) string {
	if utf8.Valid(data) {
		return string(data)
	}
	out, err := charmap.Windows1251.NewDecoder().Bytes(data)
	if err != nil {
		return string(data)
	}
	return string(out)
}

func parse1C(text, own string) ([]Line, error) {
	var lines []Line
	var doc map[string]string
	for _, raw := range strings.Split(text, "\n") {
		s := strings.TrimSpace(raw)
		key, val, _ := strings.Cut(s, "=")
		switch {
		case key == "РасчСчет" && own == "" && doc == nil:
			own = val
		case strings.HasPrefix(s, "СекцияДокумент"):
			doc = map[string]string{}
		case s == "КонецДокумента" && doc != nil:
			l, err := line1C(doc, own)
			if err != nil {
				return nil, err
			}
			lines = append(lines, l)
			doc = nil
		case doc != nil && key != "":
			doc[key] = val
		}
	}
	return lines, nil
}

func line1C(doc map[string]string, own string) (Line, error) {
	k, err := amount(doc["Сумма"])
	if err != nil {
		return Line{}, fmt.Errorf("statement: document %s: %w", doc["Номер"], err)
	}
	l := Line{Date: day(doc["Дата"]), Number: doc["Номер"], Kopecks: k, Purpose: doc["НазначениеПлатежа"]}
	l.Income = doc["ПолучательСчет"] == own || (doc["ПлательщикСчет"] != own && doc["ДатаПоступило"] != "")
	if l.Income {
		l.Party, l.PartyTIN = first(doc, "Плательщик1", "Плательщик"), doc["ПлательщикИНН"]
	} else {
		l.Party, l.PartyTIN = first(doc, "Получатель1", "Получатель"), doc["ПолучательИНН"]
	}
	return l, nil
}

func first(m map[string]string, keys ...string) string {
	for _, k := range keys {
		if v := m[k]; v != "" {
			return v
		}
	}
	return ""
}

// columns are the header names each CSV column is known by.
var columns = map[string][]string{
	"date":    {"date", "дата"},
	"number":  {"number", "номер", "№"},
	"sum":     {"sum", "amount", "сумма"},
	"purpose": {"purpose", "description", "назначение", "назначение платежа", "описание"},
	"party":   {"party", "payer", "контрагент", "плательщик"},
	"tin":     {"inn", "tin", "инн"},
}

// parseCSV reads a CSV (comma or semicolon) with a header row: a positive
// sum is an income, a negative one an expense.
func parseCSV(text string) ([]Line, error) {
	text = strings.TrimPrefix(text, "\ufeff")
	head, _, _ := strings.Cut(text, "\n")
	r := csv.NewReader(strings.NewReader(text))
	if strings.Count(head, ";") > strings.Count(head, ",") {
		r.Comma = ';'
	}
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil || len(rows) == 0 {
		return nil, ErrFormat
	}
	at := map[string]int{}
	for i, h := range rows[0] {
		h = strings.ToLower(strings.TrimSpace(h))
		for col, names := range columns {
			for _, n := range names {
				if h == n {
					at[col] = i
				}
			}
		}
	}
	if _, ok := at["sum"]; !ok {
		return nil, ErrFormat
	}
	get := func(row []string, col string) string {
		if i, ok := at[col]; ok && i < len(row) {
			return strings.TrimSpace(row[i])
		}
		return ""
	}
	var lines []Line
	for n, row := range rows[1:] {
		s := get(row, "sum")
		if s == "" {
			continue
		}
		neg := strings.HasPrefix(s, "-")
		k, err := amount(strings.TrimPrefix(s, "-"))
		if err != nil {
			return nil, fmt.Errorf("statement: line %d: %w", n+2, err)
		}
		lines = append(lines, Line{Date: day(get(row, "date")), Number: get(row, "number"), Kopecks: k, Income: !neg,
			Party: get(row, "party"), PartyTIN: get(row, "tin"), Purpose: get(row, "purpose")})
	}
	return lines, nil
}

// amount reads "1 200,50" or "1200.50" exactly, in kopecks.
func amount(s string) (int64, error) {
	s = strings.NewReplacer(" ", "", "\u00a0", "", ",", ".").Replace(strings.TrimSpace(s))
	r, ok := new(big.Rat).SetString(s)
	if !ok || r.Sign() <= 0 {
		return 0, fmt.Errorf("bad sum %q", s)
	}
	k, ok := money.Kopecks(r)
	if !ok {
		return 0, fmt.Errorf("bad sum %q", s)
	}
	return k, nil
}

var dmy = regexp.MustCompile(`^(\d{1,2})\.(\d{1,2})\.(\d{4})$`)

// day is "25.10.2026" or "2026-10-25" as "2026-10-25".
func day(s string) string {
	s = strings.TrimSpace(s)
	if m := dmy.FindStringSubmatch(s); m != nil {
		return m[3] + "-" + pad(m[2]) + "-" + pad(m[1])
	}
	return s
}

func pad(s string) string {
	if len(s) == 1 {
		return "0" + s
	}
	return s
}

// invoiceRef finds an invoice number in a payment's purpose: "счёт № 17",
// "сч. 17", "по счету №А-17", "по счетам № 17".
var invoiceRef = regexp.MustCompile(`(?i)(?:сч(?:[её]т(?:ам|ах|а|у)?|\.)?|invoices?)\s*(?:на оплату\s*)?(?:№|n|#|no\.?)?\s*([0-9A-Za-zА-Яа-я][0-9A-Za-zА-Яа-я\-/]*)`)

// moreRef is a further number of a list after one: "№ 17, 18 и № 19".
var moreRef = regexp.MustCompile(`^\s*(?:,|;|и|and)\s*(?:№|#)?\s*([0-9][0-9A-Za-zА-Яа-я\-/]*)`)

// InvoiceNumbers are the invoice numbers a purpose names, in its order.
func InvoiceNumbers(purpose string) []string {
	var out []string
	for _, at := range invoiceRef.FindAllStringSubmatchIndex(purpose, -1) {
		out = append(out, purpose[at[2]:at[3]])
		rest := purpose[at[1]:]
		for {
			m := moreRef.FindStringSubmatchIndex(rest)
			if m == nil {
				break
			}
			out = append(out, rest[m[2]:m[3]])
			rest = rest[m[1]:]
		}
	}
	return out
}

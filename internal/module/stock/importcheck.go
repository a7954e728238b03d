package stock

import (
	"strconv"
	"strings"
)

// Cell codes (ImportCell.validationCode) and why a cell is refused.
const (
	CellOK         = "ok"
	CellIgnore     = "ignore"
	CellError      = "error"
	CellUnselected = "column_unselected"
)

// cellWording is ImportCell.validationError and ImportRow.errorMessage,
// ru and en.
var cellWording = map[string][2]string{
	"required":    {"Название обязательно", "A name is required"},
	"price":       {"Цена должна быть неотрицательным числом", "The price must be a number, not negative"},
	"type":        {"Тип — product (товар) или service (услуга)", "The type is product or service"},
	"currency":    {"Валюта — трёхбуквенный код (RUB, USD, …)", "The currency is a three-letter code (RUB, USD, …)"},
	"quantity":    {"Количество должно быть неотрицательным числом, не точнее тысячных", "The quantity must be a number, not negative, to a thousandth at most"},
	"tax":         {"НДС — ставка в процентах (20, 10%, без НДС)", "The VAT is a rate in percent (20, 10%, no VAT)"},
	"noName":      {"Не выбран столбец с названием", "No column is chosen for the name"},
	"noWarehouse": {"Не выбран склад для количества", "No warehouse is chosen for the quantities"},
}

func say(lang, code string) string {
	if lang == "en" {
		return cellWording[code][1]
	}
	return cellWording[code][0]
}

// Cell is one checked cell of a data row.
type Cell struct {
	Value, Code, Error string
	Column             int
}

// Row is one checked data row (Index from 1, the header being row 0).
type Row struct {
	Index   int
	Cells   []Cell
	OK      bool
	Message string
}

// value is the checked text of a row's field, "" when none is mapped or
// the cell is empty or refused.
func (s *Import) value(r Row, field string) string {
	for _, c := range r.Cells {
		if c.Code == CellOK && s.Mapping[c.Column] == field {
			return c.Value
		}
	}
	return ""
}

// Check checks every data row against the mapping; lang words the errors.
func (s *Import) Check(lang string) []Row {
	named := contains(s.Mapping, "name")
	stockless := contains(s.Mapping, "quantity") && s.Warehouse == 0
	out := make([]Row, 0, len(s.Cells)-1)
	for i, raw := range s.Cells[1:] {
		row := Row{Index: i + 1, OK: true}
		for c := range s.Mapping {
			v := ""
			if c < len(raw) {
				v = strings.TrimSpace(raw[c])
			}
			cell := Cell{Value: v, Column: c, Code: CellOK}
			switch f := s.Mapping[c]; {
			case f == "":
				cell.Code = CellUnselected
			case v == "" && f != "name":
				cell.Code = CellIgnore
			default:
				if code := checkCell(f, v); code != "" {
					cell.Code, cell.Error = CellError, say(lang, code)
				}
			}
			if cell.Code == CellError {
				row.OK, row.Message = false, cell.Error
			}
			row.Cells = append(row.Cells, cell)
		}
		if !named {
			row.OK, row.Message = false, say(lang, "noName")
		} else if stockless {
			row.OK, row.Message = false, say(lang, "noWarehouse")
		}
		out = append(out, row)
	}
	return out
}

// checkCell is why a mapped, non-empty cell cannot fill its field, or "".
func checkCell(field, v string) string {
	if listOf(field) != 0 {
		field = "price" // a price list's column is a price
	}
	switch field {
	case "name":
		if v == "" {
			return "required"
		}
	case "price":
		if f, err := parseNumber(v); err != nil || f < 0 {
			return "price"
		}
	case "quantity":
		if f, err := parseNumber(v); err != nil || f < 0 || (f > 0 && !validMilli(f)) {
			return "quantity"
		}
	case "tax":
		if _, ok := parseTax(v); !ok {
			return "tax"
		}
	case "type":
		if offerType(v) == "" {
			return "type"
		}
	case "currency":
		if len(v) != 3 || strings.ToUpper(v) != v || strings.ToLower(v) == v {
			return "currency"
		}
	}
	return ""
}

func validMilli(f float64) bool { _, ok := toMilli(f); return ok }

// parseNumber reads a decimal comma and spaces between thousands.
func parseNumber(v string) (float64, error) {
	v = strings.NewReplacer(" ", "", "\u00a0", "", ",", ".").Replace(v)
	return strconv.ParseFloat(v, 64)
}

// parseTax reads a VAT rate: "20", "20%", "НДС 20%", "VAT 10"; "без НДС"
// or "no VAT" is a rate of zero.
func parseTax(v string) (float64, bool) {
	l := strings.ToLower(strings.TrimSpace(v))
	if l == "без ндс" || l == "no vat" || l == "-" {
		return 0, true
	}
	for _, p := range []string{"ндс", "vat", "%"} {
		l = strings.ReplaceAll(l, p, "")
	}
	f, err := parseNumber(strings.TrimSpace(l))
	if err != nil || f < 0 || f >= 100 {
		return 0, false
	}
	return f, true
}

func offerType(v string) string {
	switch strings.ToLower(v) {
	case "product", "товар":
		return "product"
	case "service", "услуга":
		return "service"
	}
	return ""
}

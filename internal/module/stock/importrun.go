package stock

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/entity"
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
	"required": {"Название обязательно", "A name is required"},
	"price":    {"Цена должна быть неотрицательным числом", "The price must be a number, not negative"},
	"type":     {"Тип — product (товар) или service (услуга)", "The type is product or service"},
	"currency": {"Валюта — трёхбуквенный код (RUB, USD, …)", "The currency is a three-letter code (RUB, USD, …)"},
	"noName":   {"Не выбран столбец с названием", "No column is chosen for the name"},
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

// Check checks every data row against the mapping; lang words the errors.
func (s *Import) Check(lang string) []Row {
	named := contains(s.Mapping, "name")
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
		}
		out = append(out, row)
	}
	return out
}

// checkCell is why a mapped, non-empty cell cannot fill its field, or "".
func checkCell(field, v string) string {
	switch field {
	case "name":
		if v == "" {
			return "required"
		}
	case "price":
		if f, err := parsePrice(v); err != nil || f < 0 {
			return "price"
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

func parsePrice(v string) (float64, error) {
	return strconv.ParseFloat(strings.ReplaceAll(strings.ReplaceAll(v, " ", ""), ",", "."), 64)
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

// input is the Offer a passed row makes.
func (s *Import) input(row Row) entity.Input {
	body := map[string]any{"type": "product"}
	cur := "RUB"
	var price *float64
	for _, c := range row.Cells {
		if c.Code != CellOK {
			continue
		}
		switch f := s.Mapping[c.Column]; f {
		case "type":
			body["type"] = offerType(c.Value)
		case "unit":
			body["unit"] = map[string]any{"contentType": "Unit", "name": c.Value}
		case "price":
			p, _ := parsePrice(c.Value)
			price = &p
		case "currency":
			cur = c.Value
		default:
			body[f] = c.Value
		}
	}
	if price != nil {
		body["price"] = map[string]any{"contentType": "Money", "value": *price, "currency": cur}
	}
	in := entity.Input{}
	for k, v := range body {
		in[k], _ = json.Marshal(v)
	}
	return in
}

// RunImport creates the offers of the rows that pass, all in one
// transaction: the session is claimed first (a conditional UPDATE, so a
// second run is refused), and a row the catalogue refuses writes none
// and leaves the session in error, to be fixed and run again.
func (m *Module) RunImport(ctx context.Context, sc entity.Scope, s *Import) error {
	db := m.e.DB
	var claimed int64
	err := db.WithTx(ctx, func(ctx context.Context) error {
		res, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`UPDATE stock_imports SET status = ?
			WHERE account_id = ? AND id = ? AND status IN (?, ?, ?)`),
			ImportSaving, s.Account, s.ID, ImportParsed, ImportValidated, ImportError)
		if err == nil {
			claimed, err = res.RowsAffected()
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("stock: claim import %d: %w", s.ID, err)
	}
	if claimed != 1 {
		return entity.Invalidf("status", CodeImportState, "")
	}
	var saved int64
	runErr := db.WithTx(ctx, func(ctx context.Context) error {
		if !s.AllRows {
			return nil
		}
		for _, row := range s.Check(sc.Lang) {
			if !row.OK {
				continue
			}
			if _, err := m.e.Create(ctx, sc, "Offer", s.input(row)); err != nil {
				return underRow(row.Index, err)
			}
			saved++
		}
		return nil
	})
	status, text := ImportSaved, ""
	if runErr != nil {
		status, saved, text = ImportError, 0, runErr.Error()
	}
	err = db.WithTx(ctx, func(ctx context.Context) error {
		return db.Exec(ctx, db.Dialect.Rebind(`UPDATE stock_imports SET status = ?, saved = ?, error = ?
			WHERE account_id = ? AND id = ?`), status, saved, text, s.Account, s.ID)
	})
	if runErr != nil {
		return runErr
	}
	s.Status, s.Saved = status, saved
	return err
}

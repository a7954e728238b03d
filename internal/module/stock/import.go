package stock

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/artel/artel/internal/entity"
)

// The reference's offer import runs in sessions (/offerImport): a file
// (CSV or XLSX) is parsed into cells once, its columns are mapped onto
// offer fields (guessed from the header, changed by the client), every
// row is checked against the mapping, and a run creates the offers of
// the rows that pass. See docs/stock.md, "Import sessions".

// Session states (OfferImport.status): parsed after upload, validated
// after a mapping, saving while a run holds it, saved after, error when
// a run was refused (it may be run again).
const (
	ImportParsed    = "parsed"
	ImportValidated = "validated"
	ImportSaving    = "saving"
	ImportSaved     = "saved"
	ImportError     = "error"
)

// Codes of the import's refusals.
const (
	CodeImportState = "stock_import_state"
	CodeImportField = "stock_import_field"
	maxImportCols   = 50
)

// importFields are the offer fields a column may fill; name is required.
// quantity is stock for the session's warehouse; tax the offer's VAT.
var importFields = []string{"name", "article", "type", "price", "currency", "unit", "description", "quantity", "tax"}

// headerAliases guess a column's field from its header, ru or en.
var headerAliases = map[string]string{
	"name": "name", "название": "name", "наименование": "name", "товар": "name",
	"article": "article", "артикул": "article", "type": "type", "тип": "type",
	"price": "price", "цена": "price", "currency": "currency", "валюта": "currency",
	"unit": "unit", "единица": "unit", "ед. изм.": "unit", "ед.изм.": "unit",
	"description": "description", "описание": "description",
	"quantity": "quantity", "количество": "quantity", "остаток": "quantity", "кол-во": "quantity",
	"tax": "tax", "vat": "tax", "ндс": "tax", "ставка ндс": "tax",
}

// Import is one session as stored.
type Import struct {
	ID, Account, Author int64
	Status, FileName    string
	Cells               [][]string // the header row first
	Mapping             []string   // per column: an offer field or ""
	AllRows             bool
	Toggled             map[int]bool // rows included other than AllRows says
	Warehouse           int64        // where the quantities go
	WithoutTax          bool         // the prices are before VAT
	Saved, Updated      int64
	Consignment         int64 // the income the run made
	Error               string
}

// Included says whether the client keeps a data row (index from 1).
func (s *Import) Included(index int) bool { return s.AllRows != s.Toggled[index] }

// parseTable reads a CSV (";", "," or tab, a byte-order mark allowed)
// or the first sheet of an XLSX file.
func parseTable(data []byte) ([][]string, error) {
	var rows [][]string
	if bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		f, err := excelize.OpenReader(bytes.NewReader(data))
		if err != nil {
			return nil, entity.Invalidf("file", CodeImportFormat, "")
		}
		defer f.Close()
		sheets := f.GetSheetList()
		if len(sheets) == 0 {
			return nil, entity.Invalidf("file", CodeImportFormat, "")
		}
		if rows, err = f.GetRows(sheets[0]); err != nil {
			return nil, entity.Invalidf("file", CodeImportFormat, "")
		}
	} else {
		data = bytes.TrimPrefix(data, []byte("\uFEFF"))
		first, _, _ := bytes.Cut(data, []byte("\n"))
		in := csv.NewReader(bytes.NewReader(data))
		in.Comma = ';'
		for _, c := range []rune{';', '\t', ','} {
			if bytes.ContainsRune(first, c) {
				in.Comma = c
				break
			}
		}
		in.FieldsPerRecord = -1
		var err error
		if rows, err = in.ReadAll(); err != nil {
			return nil, entity.Invalidf("file", CodeImportFormat, "")
		}
	}
	if len(rows) < 1 || len(rows) > maxImport+1 || len(rows[0]) == 0 || len(rows[0]) > maxImportCols {
		return nil, entity.Invalidf("file", CodeImportFormat, "")
	}
	return rows, nil
}

// guessMapping maps each header cell to the field it names, each field
// once.
// lists are the account's price lists' fields by name (pricelist_io.go).
func guessMapping(header []string, lists map[string]string) []string {
	out := make([]string, len(header))
	used := map[string]bool{}
	for i, h := range header {
		key := strings.ToLower(strings.TrimSpace(h))
		f := headerAliases[key]
		if f == "" {
			f = lists[key]
		}
		if f != "" && !used[f] {
			out[i], used[f] = f, true
		}
	}
	return out
}

// OpenImport parses a file into a new session of the reader's.
func (m *Module) OpenImport(ctx context.Context, sc entity.Scope, name string, data []byte) (*Import, error) {
	rows, err := parseTable(data)
	if err != nil {
		return nil, err
	}
	lists, err := m.listFields(ctx, sc.Account)
	if err != nil {
		return nil, err
	}
	s := &Import{Account: sc.Account, Author: sc.Actor.ID, Status: ImportParsed, FileName: name, Cells: rows,
		Mapping: guessMapping(rows[0], lists), AllRows: true, Toggled: map[int]bool{}}
	cells, _ := json.Marshal(s.Cells)
	mapping, _ := json.Marshal(s.Mapping)
	db := m.e.DB
	err = db.WithTx(ctx, func(ctx context.Context) error {
		return db.Q(ctx).QueryRowContext(ctx, db.Dialect.Rebind(`INSERT INTO stock_imports (account_id, author_id, status,
			file_name, cells, mapping, all_rows, created_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?) RETURNING id`),
			s.Account, s.Author, s.Status, name, string(cells), string(mapping), m.e.Now().UnixMilli()).Scan(&s.ID)
	})
	if err != nil {
		return nil, fmt.Errorf("stock: open import: %w", err)
	}
	return s, nil
}

// LoadImport is a session the reader may see (its author, or an
// administrator); ErrNotFound otherwise.
func (m *Module) LoadImport(ctx context.Context, sc entity.Scope, id int64) (*Import, error) {
	s := &Import{ID: id}
	var cells, mapping, toggled string
	var all, without int
	err := m.e.DB.Q(ctx).QueryRowContext(ctx, m.e.DB.Dialect.Rebind(`SELECT account_id, author_id, status, file_name,
		cells, mapping, all_rows, saved, error, toggled, warehouse_id, without_tax, updated, consignment_id
		FROM stock_imports WHERE account_id = ? AND id = ?`), sc.Account, id).
		Scan(&s.Account, &s.Author, &s.Status, &s.FileName, &cells, &mapping, &all, &s.Saved, &s.Error,
			&toggled, &s.Warehouse, &without, &s.Updated, &s.Consignment)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !sc.Admin && !sc.System && s.Author != sc.Actor.ID) {
		return nil, entity.ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("stock: import %d: %w", id, err)
	}
	s.AllRows, s.WithoutTax = all == 1, without == 1
	var rows []int
	if json.Unmarshal([]byte(cells), &s.Cells) != nil || json.Unmarshal([]byte(mapping), &s.Mapping) != nil ||
		json.Unmarshal([]byte(toggled), &rows) != nil {
		return nil, fmt.Errorf("stock: import %d: damaged", id)
	}
	s.Toggled = map[int]bool{}
	for _, r := range rows {
		s.Toggled[r] = true
	}
	return s, nil
}

// Imports are the reader's sessions, newest first.
func (m *Module) Imports(ctx context.Context, sc entity.Scope, limit int) ([]*Import, error) {
	ids, err := m.ids(ctx, `SELECT id FROM stock_imports WHERE account_id = ? AND author_id = ? ORDER BY id DESC LIMIT ?`,
		sc.Account, sc.Actor.ID, limit)
	if err != nil {
		return nil, err
	}
	out := make([]*Import, 0, len(ids))
	for _, id := range ids {
		s, err := m.LoadImport(ctx, sc, id)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// DeleteImport drops a session (its offers, if run, stay).
func (m *Module) DeleteImport(ctx context.Context, sc entity.Scope, s *Import) error {
	db := m.e.DB
	return db.WithTx(ctx, func(ctx context.Context) error {
		return db.Exec(ctx, db.Dialect.Rebind(`DELETE FROM stock_imports WHERE account_id = ? AND id = ?`), s.Account, s.ID)
	})
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

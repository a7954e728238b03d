package stock

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"

	"github.com/artel/artel/internal/entity"
)

// ImportSettings are a session's changes before a run: nil leaves a
// setting as it is.
type ImportSettings struct {
	Fields     map[int]string // column index → offer field, "" for none
	AllRows    *bool          // includes or leaves out every row (the rows' own choices go)
	Warehouse  *int64         // 0 clears it
	WithoutTax *bool
}

// MapImport applies the settings; a session saving or saved is refused,
// and a refused setting writes none of them.
func (m *Module) MapImport(ctx context.Context, sc entity.Scope, s *Import, set ImportSettings) error {
	if s.Status == ImportSaving || s.Status == ImportSaved {
		return entity.Invalidf("status", CodeImportState, "")
	}
	mapping := append([]string(nil), s.Mapping...)
	for i, f := range set.Fields {
		if i < 0 || i >= len(mapping) {
			return entity.Invalidf("columns", CodeImportField, "")
		}
		if f != "" && !contains(importFields, f) && !m.isList(ctx, sc.Account, listOf(f)) {
			return entity.Invalidf(fmt.Sprintf("columns.%d.fieldName", i), CodeImportField, f)
		}
		mapping[i] = f
	}
	seen := map[string]bool{}
	for i, f := range mapping {
		if f != "" && seen[f] {
			return entity.Invalidf(fmt.Sprintf("columns.%d.fieldName", i), CodeImportField, f)
		}
		seen[f] = true
	}
	if set.Warehouse != nil && *set.Warehouse != 0 {
		// Only a warehouse the reader sees; its rights are checked when
		// the run writes the income.
		if _, err := m.e.Get(ctx, sc, "Warehouse", *set.Warehouse); err != nil {
			return entity.Invalidf("warehouse", entity.CodeLinkNotFound, "")
		}
	}
	s.Mapping = mapping
	if set.AllRows != nil {
		s.AllRows, s.Toggled = *set.AllRows, map[int]bool{}
	}
	if set.Warehouse != nil {
		s.Warehouse = *set.Warehouse
	}
	if set.WithoutTax != nil {
		s.WithoutTax = *set.WithoutTax
	}
	s.Status = ImportValidated
	return m.storeImport(ctx, s)
}

// SetImportRow includes or leaves out one data row (index from 1) and
// corrects its cells (column index → text) before a run.
func (m *Module) SetImportRow(ctx context.Context, s *Import, index int, included *bool, cells map[int]string) error {
	if s.Status == ImportSaving || s.Status == ImportSaved {
		return entity.Invalidf("status", CodeImportState, "")
	}
	if index < 1 || index >= len(s.Cells) {
		return entity.ErrNotFound
	}
	row := s.Cells[index]
	for c, v := range cells {
		if c < 0 || c >= len(s.Mapping) {
			return entity.Invalidf("cells", CodeImportField, "")
		}
		for len(row) <= c {
			row = append(row, "")
		}
		row[c] = v
	}
	s.Cells[index] = row
	if included != nil {
		s.Toggled[index] = *included != s.AllRows
		if !s.Toggled[index] {
			delete(s.Toggled, index)
		}
	}
	return m.storeImport(ctx, s)
}

// storeImport writes what a client may change of a session, unless a
// run has claimed it meanwhile.
func (m *Module) storeImport(ctx context.Context, s *Import) error {
	rows := make([]int, 0, len(s.Toggled))
	for r := range s.Toggled {
		rows = append(rows, r)
	}
	sort.Ints(rows)
	cells, _ := json.Marshal(s.Cells)
	mapping, _ := json.Marshal(s.Mapping)
	toggled, _ := json.Marshal(rows)
	db := m.e.DB
	var n int64
	err := db.WithTx(ctx, func(ctx context.Context) error {
		res, err := db.Q(ctx).ExecContext(ctx, db.Dialect.Rebind(`UPDATE stock_imports SET cells = ?, mapping = ?,
			all_rows = ?, toggled = ?, warehouse_id = ?, without_tax = ?, status = ?
			WHERE account_id = ? AND id = ? AND status NOT IN ('saving', 'saved')`),
			string(cells), string(mapping), boolInt(s.AllRows), string(toggled), s.Warehouse, boolInt(s.WithoutTax),
			s.Status, s.Account, s.ID)
		if err == nil {
			n, err = res.RowsAffected()
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("stock: store import %d: %w", s.ID, err)
	}
	if n != 1 {
		return entity.Invalidf("status", CodeImportState, "")
	}
	return nil
}

// Column and row ids are numbers (the reference routes /importColumn/{id}
// and /importRow/{id} by an integer) that carry their session: a column
// is session × 64 + index (at most 50 columns), a row session × 16384 +
// index (at most 10,000 rows).
const (
	colSpan = 64
	rowSpan = 16384
)

func columnID(session int64, index int) string {
	return strconv.FormatInt(session*colSpan+int64(index), 10)
}
func rowID(session int64, index int) string {
	return strconv.FormatInt(session*rowSpan+int64(index), 10)
}

// splitID is the session and index of a column's or row's id.
func splitID(id, span int64) (int64, int) { return id / span, int(id % span) }

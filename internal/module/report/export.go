package report

import (
	"bytes"
	"encoding/csv"
	"strconv"

	"github.com/xuri/excelize/v2"
)

// header and cells of a built report, one line per group.
func lines(t *Table) [][]any {
	head := []any{t.Group}
	for _, c := range t.Columns {
		head = append(head, c["alias"])
	}
	out := [][]any{head}
	for _, row := range t.Rows {
		line := []any{row["label"]}
		for _, c := range t.Columns {
			line = append(line, row[c["alias"].(string)])
		}
		out = append(out, line)
	}
	return out
}

// CSV writes a built report as comma-separated text (encoding/csv).
func CSV(t *Table) ([]byte, error) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	for _, line := range lines(t) {
		rec := make([]string, len(line))
		for i, v := range line {
			switch x := v.(type) {
			case float64:
				rec[i] = strconv.FormatFloat(x, 'f', -1, 64)
			case string:
				rec[i] = x
			}
		}
		if err := w.Write(rec); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

// XLSX writes a built report as a workbook of one sheet, numbers as
// numbers (github.com/xuri/excelize/v2).
func XLSX(t *Table, title string) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	sheet := "Sheet1"
	for i, line := range lines(t) {
		cell, err := excelize.CoordinatesToCellName(1, i+1)
		if err != nil {
			return nil, err
		}
		if err := f.SetSheetRow(sheet, cell, &line); err != nil {
			return nil, err
		}
	}
	f.SetDocProps(&excelize.DocProperties{Title: title})
	buf, err := f.WriteToBuffer()
	if err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

package crm

import (
	"bytes"

	"github.com/xuri/excelize/v2"
)

// xlsxRows writes an export as one sheet through excelize's stream
// writer, which keeps a large list's rows out of memory until the end.
type xlsxRows struct {
	f   *excelize.File
	sw  *excelize.StreamWriter
	row int
}

// sheet is the export's one sheet.
const sheet = "Clients"

func newXLSX(head []string) (*xlsxRows, error) {
	f := excelize.NewFile()
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return nil, err
	}
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return nil, err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return nil, err
	}
	x := &xlsxRows{f: f, sw: sw}
	cells := make([]any, len(head))
	for i, h := range head {
		cells[i] = excelize.Cell{StyleID: bold, Value: h}
	}
	return x, x.put(cells)
}

func (x *xlsxRows) put(cells []any) error {
	x.row++
	at, err := excelize.CoordinatesToCellName(1, x.row)
	if err != nil {
		return err
	}
	return x.sw.SetRow(at, cells)
}

func (x *xlsxRows) write(row []string) error {
	cells := make([]any, len(row))
	for i, v := range row {
		cells[i] = v
	}
	return x.put(cells)
}

func (x *xlsxRows) bytes() ([]byte, error) {
	if err := x.sw.Flush(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := x.f.Write(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), x.f.Close()
}

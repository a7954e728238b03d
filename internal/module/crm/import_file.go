package crm

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding/charmap"
)

// errBadFile is a file that is no readable table: it answers 422
// import_bad_file, worded in messages.go.
var errBadFile = errors.New("crm: import file is not a readable CSV or XLSX table")

// readTable reads an import file whole: its first row is the headings.
// XLSX is told by its zip signature (whatever the name says), the rest is
// read as CSV. Rows come trimmed of blank trailing cells; blank rows are
// left out. A table without headings or without one data row is refused.
func readTable(data []byte) ([][]string, error) {
	var rows [][]string
	var err error
	if bytes.HasPrefix(data, []byte("PK\x03\x04")) {
		rows, err = readXLSX(data)
	} else {
		rows, err = readCSV(data)
	}
	if err != nil {
		return nil, errBadFile
	}
	out := rows[:0]
	for _, r := range rows {
		for len(r) > 0 && strings.TrimSpace(r[len(r)-1]) == "" {
			r = r[:len(r)-1]
		}
		if len(r) > 0 {
			out = append(out, r)
		}
	}
	if len(out) < 2 {
		return nil, errBadFile
	}
	return out, nil
}

// readCSV takes UTF-8 (with or without a byte-order mark) or, when the
// bytes are not UTF-8, Windows-1251, which Russian spreadsheet programs
// still save; the separator is the one of , ; and tab the heading line
// has most of.
func readCSV(data []byte) ([][]string, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if bytes.IndexByte(data, 0) >= 0 {
		return nil, errBadFile // binary, not text
	}
	if !utf8.Valid(data) {
		dec, err := charmap.Windows1251.NewDecoder().Bytes(data)
		if err != nil {
			return nil, err
		}
		data = dec
	}
	head := data
	if i := bytes.IndexByte(head, '\n'); i >= 0 {
		head = head[:i]
	}
	sep, most := ',', 0
	for _, c := range []rune{',', ';', '\t'} {
		if n := bytes.Count(head, []byte(string(c))); n > most {
			sep, most = c, n
		}
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma, r.FieldsPerRecord, r.LazyQuotes = sep, -1, true
	var rows [][]string
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return rows, nil
		}
		if err != nil {
			return nil, err
		}
		rows = append(rows, rec)
	}
}

// readXLSX reads the workbook's first sheet.
func readXLSX(data []byte) ([][]string, error) {
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, errBadFile
	}
	return f.GetRows(sheets[0])
}

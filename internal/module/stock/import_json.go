package stock

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/artel/artel/internal/value"
)

// The session's values as the reference names them: OfferImport,
// ImportColumn, ImportRow, ImportCell.

func sessionJSON(s *Import, lang string) map[string]any {
	rows := s.Check(lang)
	valid, bad, included := 0, 0, 0
	for _, r := range rows {
		if s.Included(r.Index) {
			included++
		}
		if !r.OK {
			bad++
		} else if s.Included(r.Index) {
			valid++
		}
	}
	cols := columnsJSON(s)
	maxCols := 0
	for _, r := range s.Cells {
		maxCols = max(maxCols, len(r))
	}
	out := map[string]any{"contentType": "OfferImport", "id": strconv.FormatInt(s.ID, 10), "status": s.Status,
		"error": s.Error, "fileName": s.FileName, "columns": cols, "columnsCount": len(cols),
		"rowsCount": len(rows), "validRowsCount": valid, "includedRowsCount": included, "errorRowsCount": bad,
		"invalidatedRowsCount": bad, "savedRowsCount": s.Saved, "updatedRowsCount": s.Updated,
		"includeAllRows": s.AllRows, "maxColumnsCountInRows": maxCols, "loadingProgress": 100,
		"isPriceWithoutTax": s.WithoutTax, "warehouse": nil}
	if s.Warehouse != 0 {
		out["warehouse"] = value.EncodeLink(value.Link{Type: "Warehouse", ID: s.Warehouse})
	}
	// Not the reference's: the income the run made, for the screen.
	if s.Consignment != 0 {
		out["consignment"] = value.EncodeLink(value.Link{Type: "Consignment", ID: s.Consignment})
	}
	return out
}

func columnsJSON(s *Import) []any {
	out := make([]any, len(s.Mapping))
	for i, f := range s.Mapping {
		name := ""
		if i < len(s.Cells[0]) {
			name = s.Cells[0][i]
		}
		out[i] = map[string]any{"contentType": "ImportColumn", "id": columnID(s.ID, i),
			"index": i, "hrName": name, "fieldName": f, "isRequired": f == "name"}
	}
	return out
}

// columnIndex reads an ImportColumn id (a string or a number) of the
// session.
func columnIndex(raw json.RawMessage, session int64) (int, bool) {
	var id int64
	if json.Unmarshal(bytes.Trim(raw, `"`), &id) != nil || id <= 0 {
		return 0, false
	}
	sid, idx := splitID(id, colSpan)
	return idx, sid == session
}

func rowJSON(s *Import, r Row) map[string]any {
	cells := make([]any, len(r.Cells))
	invalid := true
	for i, c := range r.Cells {
		cell := map[string]any{"contentType": "ImportCell", "hrValue": c.Value, "columnIndex": c.Column,
			"validationCode": c.Code}
		if c.Error != "" {
			cell["validationError"] = c.Error
		}
		if c.Code == CellOK {
			invalid = false
		}
		cells[i] = cell
	}
	status := "ok"
	if !r.OK {
		status, invalid = "error", true
	}
	out := map[string]any{"contentType": "ImportRow", "id": rowID(s.ID, r.Index),
		"index": r.Index, "included": s.Included(r.Index), "cells": cells, "cellsCount": len(cells), "status": status,
		"isInvalidated": invalid}
	if r.Message != "" {
		out["errorMessage"] = r.Message
	}
	return out
}

package stock

import (
	"encoding/json"
	"strconv"
	"strings"
)

// The session's values as the reference names them: OfferImport,
// ImportColumn, ImportRow, ImportCell.

func sessionJSON(s *Import, lang string) map[string]any {
	rows := s.Check(lang)
	valid, bad := 0, 0
	for _, r := range rows {
		if r.OK {
			valid++
		} else {
			bad++
		}
	}
	if !s.AllRows {
		valid = 0
	}
	cols := columnsJSON(s)
	maxCols := 0
	for _, r := range s.Cells {
		maxCols = max(maxCols, len(r))
	}
	return map[string]any{"contentType": "OfferImport", "id": strconv.FormatInt(s.ID, 10), "status": s.Status,
		"error": s.Error, "fileName": s.FileName, "columns": cols, "columnsCount": len(cols),
		"rowsCount": len(rows), "validRowsCount": valid, "includedRowsCount": valid, "errorRowsCount": bad,
		"invalidatedRowsCount": bad, "savedRowsCount": s.Saved, "updatedRowsCount": 0,
		"includeAllRows": s.AllRows, "maxColumnsCountInRows": maxCols, "loadingProgress": 100}
}

func columnsJSON(s *Import) []any {
	out := make([]any, len(s.Mapping))
	for i, f := range s.Mapping {
		name := ""
		if i < len(s.Cells[0]) {
			name = s.Cells[0][i]
		}
		out[i] = map[string]any{"contentType": "ImportColumn", "id": strconv.FormatInt(s.ID, 10) + "-" + strconv.Itoa(i),
			"index": i, "hrName": name, "fieldName": f, "isRequired": f == "name"}
	}
	return out
}

// columnIndex reads an ImportColumn id ("{session}-{index}").
func columnIndex(raw json.RawMessage, session int64) (int, bool) {
	var id string
	if json.Unmarshal(raw, &id) != nil {
		return 0, false
	}
	pre, idx, ok := strings.Cut(id, "-")
	n, err := strconv.Atoi(idx)
	return n, ok && err == nil && pre == strconv.FormatInt(session, 10)
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
	out := map[string]any{"contentType": "ImportRow", "id": strconv.FormatInt(s.ID, 10) + "-" + strconv.Itoa(r.Index),
		"index": r.Index, "included": s.AllRows && r.OK, "cells": cells, "cellsCount": len(cells), "status": status,
		"isInvalidated": invalid}
	if r.Message != "" {
		out["errorMessage"] = r.Message
	}
	return out
}

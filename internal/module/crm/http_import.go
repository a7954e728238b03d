package crm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// importRoutes registers the reference's /contractorImport session
// routes that an import of clients needs.
func (a *HTTP) importRoutes(rt *api.Routes) {
	rt.Handle("GET /contractorImport", a.importList)
	rt.Handle("POST /contractorImport", a.importCreate)
	rt.Handle("GET /contractorImport/{id}", a.importGet)
	rt.Handle("POST /contractorImport/{id}", a.importUpdate)
	rt.Handle("GET /contractorImport/{id}/columns", a.importColumns)
	rt.Handle("GET /contractorImport/{id}/rows", a.importRows)
	rt.Handle("GET /contractorImport/{id}/errorRows", a.importErrorRows)
}

// mayImport: importing makes clients, so it needs crm_enter and crm_add.
func mayImport(sc entity.Scope) bool { return sc.Can("crm_enter") && sc.Can("crm_add") }

func clientTypeOf(s string) (string, bool) {
	switch s {
	case "", "human", Human:
		return Human, true
	case "company", Company:
		return Company, true
	}
	return "", false
}

func (a *HTTP) importCreate(ctx context.Context, r *api.Request) api.Response {
	if !mayImport(r.Scope()) {
		return r.Denied()
	}
	var body struct {
		File       json.RawMessage `json:"file"`
		ClientType string          `json:"clientType"`
	}
	if json.Unmarshal(r.Body(), &body) != nil {
		return api.Fail(400, "malformed_json", r.Message("malformed_json"))
	}
	typ, ok := clientTypeOf(body.ClientType)
	if !ok {
		return r.FieldFail("clientType", value.CodeEnum, "human, company")
	}
	file, err := value.DecodeLink(body.File, []string{"File"})
	if err != nil || file.ID == 0 {
		return r.FieldFail("file", entity.CodeRequired)
	}
	j, err := a.Imports.Create(ctx, r.Scope(), file.ID, typ)
	if errors.Is(err, errBadFile) {
		return r.FieldFail("file", CodeImportBadFile)
	}
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(j.encode())
}

func (a *HTTP) importList(ctx context.Context, r *api.Request) api.Response {
	list, err := a.Imports.List(ctx, r.Scope(), 50)
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, len(list))
	for i, j := range list {
		out[i] = j.encode()
	}
	return api.OK(out)
}

func (a *HTTP) importGet(ctx context.Context, r *api.Request) api.Response {
	j, err := a.Imports.Get(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(j.encode())
}

// importUpdate changes a session not started: columns ([{index,
// fieldName}]), clientType, duplicates; status "saving" starts it.
func (a *HTTP) importUpdate(ctx context.Context, r *api.Request) api.Response {
	j, err := a.Imports.Get(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	var body struct {
		Columns []struct {
			Index     *int    `json:"index"`
			FieldName *string `json:"fieldName"`
		} `json:"columns"`
		ClientType *string `json:"clientType"`
		Duplicates *string `json:"duplicates"`
		Status     *string `json:"status"`
	}
	if json.Unmarshal(r.Body(), &body) != nil {
		return api.Fail(400, "malformed_json", r.Message("malformed_json"))
	}
	if j.Status != ImportParsed {
		return r.FieldFail("status", CodeImportStarted)
	}
	if body.ClientType != nil {
		typ, ok := clientTypeOf(*body.ClientType)
		if !ok {
			return r.FieldFail("clientType", value.CodeEnum, "human, company")
		}
		j.ClientType = typ
	}
	for _, c := range body.Columns {
		if c.Index == nil || *c.Index < 0 || *c.Index >= len(j.Mapping) {
			return r.FieldFail("columns", value.CodeType, fmt.Sprintf("index 0…%d", len(j.Mapping)-1))
		}
		if c.FieldName != nil {
			j.Mapping[*c.Index] = *c.FieldName
		}
	}
	// The whole mapping is checked against the type, which the body may
	// have changed: another type's extra field is no column of this one.
	fields, err := a.Imports.Fields(ctx, r.Scope(), j.ClientType)
	if err != nil {
		return r.Fail(err)
	}
	for _, f := range j.Mapping {
		if f != "" && !contains(fields, f) {
			return r.FieldFail("fieldName", value.CodeEnum, strings.Join(fields, ", "))
		}
	}
	if body.Duplicates != nil {
		if d := *body.Duplicates; d != DupSkip && d != DupUpdate && d != DupCreate {
			return r.FieldFail("duplicates", value.CodeEnum, DupSkip+", "+DupUpdate+", "+DupCreate)
		}
		j.Duplicates = *body.Duplicates
	}
	start := false
	if body.Status != nil && *body.Status != ImportParsed {
		if *body.Status != ImportSaving {
			return r.FieldFail("status", value.CodeEnum, ImportParsed+", "+ImportSaving)
		}
		if !j.namesClients() {
			return r.FieldFail("columns", CodeImportNoName)
		}
		j.Status, start = ImportSaving, true
	}
	if err := a.Imports.Configure(ctx, j); err != nil {
		return r.Fail(err)
	}
	if start {
		a.Imports.Start(j.Account, j.ID)
	}
	return api.OK(j.encode())
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// namesClients: some column gives each row a name of its type.
func (j *Import) namesClients() bool {
	for _, f := range j.Mapping {
		if f == "name" || j.ClientType == Human && (f == "firstName" || f == "lastName") {
			return true
		}
	}
	return false
}

func (a *HTTP) importColumns(ctx context.Context, r *api.Request) api.Response {
	j, err := a.Imports.Get(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(j.columns())
}

// importRows answers the preview: the first rows as read with the
// mapping.
func (a *HTTP) importRows(ctx context.Context, r *api.Request) api.Response {
	j, err := a.Imports.Get(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, len(j.Preview))
	for i, cells := range j.Preview {
		out[i] = j.importRow(i+1, cells, "ok", "")
	}
	return api.OK(out)
}

// importErrorRows answers the rows not saved, with why, in file order:
// limit (at most 500) from pageAfter (a row index).
func (a *HTTP) importErrorRows(ctx context.Context, r *api.Request) api.Response {
	j, err := a.Imports.Get(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	limit, after := 100, 0
	if raw, ok := r.TakeQuery("limit"); ok && (json.Unmarshal(raw, &limit) != nil || limit < 1 || limit > 500) {
		return r.FieldFail("limit", value.CodeType, "1…500")
	}
	if raw, ok := r.TakeQuery("pageAfter"); ok && json.Unmarshal(raw, &after) != nil {
		return r.FieldFail("pageAfter", value.CodeType, "integer")
	}
	rows, err := a.Imports.Errors(ctx, j, after, limit)
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, len(rows))
	for i, er := range rows {
		msg := r.FieldError(entity.FieldError{Field: er.Err.Field, Code: er.Err.Code, Param: er.Err.Param}).Message
		if h := j.heading(er.Err.Field, er.Err.Code); h != "" {
			msg = h + ": " + msg
		}
		out[i] = j.importRow(er.Index, er.Cells, "error", msg)
	}
	return api.OK(out)
}

// heading is the file's heading of the first column mapped to the field
// an error names; "" when it cannot be told.
func (j *Import) heading(field, code string) string {
	switch {
	case code == CodeBadPhone:
		field = "phone"
	case code == CodeBadEmail:
		field = "email"
	case field == "firstName" || field == "lastName":
		field = "name"
	case field == "responsibles":
		field = "responsible"
	}
	for i, f := range j.Mapping {
		if f == field && i < len(j.Headers) {
			return j.Headers[i]
		}
	}
	return ""
}

func (j *Import) columns() []any {
	out := make([]any, len(j.Headers))
	for i, h := range j.Headers {
		out[i] = map[string]any{"contentType": "ImportColumn", "id": fmt.Sprintf("%d_%d", j.ID, i), "index": i,
			"hrName": h, "fieldName": j.Mapping[i], "isRequired": false}
	}
	return out
}

func (j *Import) importRow(index int, cells []string, status, msg string) map[string]any {
	out := make([]any, len(cells))
	for i, c := range cells {
		code := "ok"
		if i >= len(j.Mapping) || j.Mapping[i] == "" {
			code = "column_unselected"
		}
		out[i] = map[string]any{"contentType": "ImportCell", "columnIndex": i, "hrValue": c, "validationCode": code}
	}
	row := map[string]any{"contentType": "ImportRow", "id": fmt.Sprintf("%d_%d", j.ID, index), "index": index,
		"included": status == "ok", "status": status, "cells": out, "cellsCount": len(out), "isInvalidated": status != "ok"}
	if msg != "" {
		row["errorMessage"] = msg
	}
	return row
}

// encode is the session as a ContractorImport; createdCount,
// updatedCount, skippedCount, clientType and duplicates are Artel's.
func (j *Import) encode() map[string]any {
	clientType := "human"
	if j.ClientType == Company {
		clientType = "company"
	}
	out := map[string]any{"contentType": "ContractorImport", "id": idText(j.ID), "status": j.Status,
		"file": map[string]any{"contentType": "File", "id": idText(j.File)}, "clientType": clientType,
		"duplicates": j.Duplicates, "columns": j.columns(), "columnsCount": len(j.Headers), "rowsCount": j.Total,
		"savedRowsCount": j.Created + j.Updated, "loadingProgress": j.progress(), "errorRowsCount": j.Failed,
		"duplicateRowsCount": j.Updated + j.Skipped, "createdCount": j.Created, "updatedCount": j.Updated,
		"skippedCount": j.Skipped, "timeCreated": dateTime(j.CreatedAt)}
	if j.Status == ImportParsed {
		out["loadingProgress"] = 0
	}
	if j.Finished != nil {
		out["timeFinished"] = dateTime(*j.Finished)
	}
	return out
}

func dateTime(ms int64) map[string]any {
	return map[string]any{"contentType": "DateTime", "value": time.UnixMilli(ms).UTC().Format(time.RFC3339)}
}

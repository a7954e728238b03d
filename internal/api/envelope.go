package api

import (
	"encoding/json"
	"net/http"
)

// Response is one API answer before it is written: the data+meta envelope
// of API v3. Bulk calls collect them without HTTP.
type Response struct {
	Status     int
	Data       any
	Errors     []ErrorEntry
	Pagination *Pagination
}

// ErrorEntry is one entry of meta.errors.
type ErrorEntry struct {
	Field   any    `json:"field"`
	Message string `json:"message"`
	Type    string `json:"type"`
}

// Pagination is meta.pagination of a list.
type Pagination struct {
	Count        int64 `json:"count"`
	Limit        int   `json:"limit"`
	HasMoreNext  bool  `json:"hasMoreNext"`
	HasMorePrev  bool  `json:"hasMorePrev"`
	ElementIndex *int  `json:"elementIndex"`
}

type meta struct {
	Status     int          `json:"status"`
	Errors     []ErrorEntry `json:"errors"`
	Pagination *Pagination  `json:"pagination,omitempty"`
}

type envelope struct {
	Meta meta `json:"meta"`
	Data any  `json:"data"`
}

func (r Response) envelope() envelope {
	errs := r.Errors
	if errs == nil {
		errs = []ErrorEntry{}
	}
	return envelope{Meta: meta{Status: r.Status, Errors: errs, Pagination: r.Pagination}, Data: r.Data}
}

func ok(data any) Response { return Response{Status: http.StatusOK, Data: data} }

func fail(status int, typ, message string) Response {
	return Response{Status: status, Errors: []ErrorEntry{{Message: message, Type: typ}}}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (r Response) write(w http.ResponseWriter) { writeJSON(w, r.Status, r.envelope()) }

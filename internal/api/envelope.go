package api

import (
	"encoding/json"
	"net/http"
	"sync"
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

var bufPool = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

// write sends the envelope. The data goes through appendJSON, which writes
// the same bytes as encoding/json without its reflection.
func (r Response) write(w http.ResponseWriter) {
	env := r.envelope()
	metaJSON, err := json.Marshal(env.Meta)
	bp := bufPool.Get().(*[]byte)
	defer func() {
		// A rare huge answer (the OpenAPI document) is not kept around.
		if cap(*bp) <= 1<<20 {
			*bp = (*bp)[:0]
			bufPool.Put(bp)
		}
	}()
	b := append(append((*bp)[:0], `{"meta":`...), metaJSON...)
	b = append(b, `,"data":`...)
	if err == nil {
		b, err = appendJSON(b, env.Data)
	}
	if err != nil {
		// Only a bug can get here (every value kind refuses NaN and the like).
		writeJSON(w, http.StatusInternalServerError, fail(http.StatusInternalServerError, "internal", "internal").envelope())
		return
	}
	b = append(b, '}', '\n')
	*bp = b
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(r.Status)
	_, _ = w.Write(b)
}

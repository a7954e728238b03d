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
	// Included, when not nil, is the top-level "included" array of the
	// linked entities (X-USE-INCLUDED-RESPONSE, included.go).
	Included []any
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
	// CountCapped is Artel's own: a list with `q` found more than
	// entity.SearchCount and Count is that bound (docs/search.md).
	CountCapped bool `json:"countCapped,omitempty"`
}

type meta struct {
	Status     int          `json:"status"`
	Errors     []ErrorEntry `json:"errors"`
	Pagination *Pagination  `json:"pagination,omitempty"`
}

type envelope struct {
	Meta     meta `json:"meta"`
	Data     any  `json:"data"`
	Included any  `json:"included,omitempty"` // nil or a non-nil []any
}

func (r Response) envelope() envelope {
	errs := r.Errors
	if errs == nil {
		errs = []ErrorEntry{}
	}
	env := envelope{Meta: meta{Status: r.Status, Errors: errs, Pagination: r.Pagination}, Data: r.Data}
	if r.Included != nil {
		env.Included = r.Included
	}
	return env
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
func (r Response) write(w http.ResponseWriter) { r.encode().send(w) }

// encoded is an answer ready to send: its bytes in a pooled buffer.
type encoded struct {
	status int
	bp     *[]byte
	failed bool
}

// encode renders the envelope; the work is done before anything is sent,
// so the caller can give its admission slot back in between.
func (r Response) encode() encoded {
	env := r.envelope()
	metaJSON, err := json.Marshal(env.Meta)
	bp := bufPool.Get().(*[]byte)
	b := append(append((*bp)[:0], `{"meta":`...), metaJSON...)
	b = append(b, `,"data":`...)
	if err == nil {
		b, err = appendJSON(b, env.Data)
	}
	if err == nil && r.Included != nil {
		b, err = appendJSON(append(b, `,"included":`...), r.Included)
	}
	*bp = append(b, '}', '\n')
	// Only a bug can fail here (every value kind refuses NaN and the like).
	return encoded{status: r.Status, bp: bp, failed: err != nil}
}

func (e encoded) send(w http.ResponseWriter) {
	defer func() {
		// A rare huge answer (the OpenAPI document) is not kept around.
		if cap(*e.bp) <= 1<<20 {
			*e.bp = (*e.bp)[:0]
			bufPool.Put(e.bp)
		}
	}()
	if e.failed {
		writeJSON(w, http.StatusInternalServerError, fail(http.StatusInternalServerError, "internal", "internal").envelope())
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(e.status)
	_, _ = w.Write(*e.bp)
}

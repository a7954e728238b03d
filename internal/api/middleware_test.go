package api

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A real bug (a panic) answers a logged 500 envelope, never a dropped
// connection; the bug's detail does not leak to the client.
func TestRecovererAnswers500(t *testing.T) {
	var logged strings.Builder
	s := &Server{Log: slog.New(slog.NewTextHandler(&logged, nil))}
	h := s.recoverer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("secret detail") }))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/v3/task", nil))
	body, _ := io.ReadAll(rec.Body)
	if rec.Code != 500 || !strings.Contains(string(body), `"status":500`) || strings.Contains(string(body), "secret") {
		t.Fatalf("%d %s", rec.Code, body)
	}
	if !strings.Contains(logged.String(), "secret detail") {
		t.Fatal("panic not logged")
	}
}

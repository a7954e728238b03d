package api

import (
	"net/http"
	"runtime/debug"
	"time"

	"github.com/artel/artel/internal/metrics"
	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
)

// statusWriter remembers the status for the request log.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logRequests writes one line per request: method, path, status, duration;
// and counts the request in the metrics when they are on.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		d := time.Since(start)
		s.Log.Info("request", "method", r.Method, "path", r.URL.Path, "status", sw.status,
			"duration", d.Round(time.Microsecond))
		if s.Metrics != nil {
			route, entity := metrics.Route(r.URL.Path, s.isEndpoint)
			s.Metrics.ObserveRequest(r.Method, route, entity, sw.status, d)
		}
	})
}

// isEndpoint reports whether name is a catalogue endpoint (task, deal, ...).
func (s *Server) isEndpoint(name string) bool { return s.Cat != nil && s.Cat.ByEndpoint(name) != nil }

// recoverer turns a panic into a logged 500 envelope; bad input never gets
// here, only real bugs.
func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.Log.Error("panic", "method", r.Method, "path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
				fail(http.StatusInternalServerError, "internal", message(language(r.Header.Get("Accept-Language")), "internal")).write(w)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// gzipWrap compresses at the fastest level: API answers are a few KB of
// repetitive JSON, which level 1 shrinks nearly as well as the default
// level 5 at about half the CPU (the default was 7% of a list page).
var gzipWrap = func() func(http.Handler) http.HandlerFunc {
	w, err := gzhttp.NewWrapper(gzhttp.CompressionLevel(gzip.BestSpeed))
	if err != nil {
		panic(err) // a constant, valid option: unreachable
	}
	return w
}()

// gzipped compresses responses for clients that accept it.
func gzipped(next http.Handler) http.Handler { return gzipWrap(next) }

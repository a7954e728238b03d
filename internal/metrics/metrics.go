// Package metrics is Artel's Prometheus instrumentation: HTTP requests,
// database pools, live sockets and background jobs, plus the Go runtime and
// process collectors, all on a registry owned by one server. Nothing is
// registered globally, so tests can build several servers in one process.
package metrics

import (
	"crypto/subtle"
	"database/sql"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics is one server's set of metrics. The exported fields are for the
// parts of Artel that own those numbers (the live socket, the job runner);
// until they exist the values are honestly zero.
type Metrics struct {
	Registry *prometheus.Registry

	// LiveSockets is the number of open live-socket connections.
	LiveSockets prometheus.Gauge
	// JobsRun counts finished background jobs by result ("ok", "error").
	JobsRun *prometheus.CounterVec
	// JobsQueued is the number of background jobs waiting to run.
	JobsQueued prometheus.Gauge

	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

// New makes the metrics of one server on a fresh registry.
func New(version string) *Metrics {
	m := &Metrics{
		Registry: prometheus.NewRegistry(),
		LiveSockets: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "artel_live_sockets", Help: "Open live-socket connections."}),
		JobsRun: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "artel_jobs_run_total", Help: "Background jobs run, by result."}, []string{"result"}),
		JobsQueued: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "artel_jobs_queued", Help: "Background jobs waiting to run."}),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "artel_http_requests_total",
			Help: "HTTP requests by method, route template, catalogue entity and status.",
		}, []string{"method", "route", "entity", "status"}),
		// No status label on the histogram: latency per route is what
		// matters, and the status would multiply the bucket series.
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "artel_http_request_duration_seconds",
			Help:    "HTTP request latency by method, route template and catalogue entity.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"method", "route", "entity"}),
	}
	// The results exist from the start, so rate() works before the first
	// job fails.
	m.JobsRun.WithLabelValues("ok")
	m.JobsRun.WithLabelValues("error")
	build := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "artel_build_info", Help: "Always 1; the version label is the running binary's.",
		ConstLabels: prometheus.Labels{"version": version}})
	build.Set(1)
	m.Registry.MustRegister(m.LiveSockets, m.JobsRun, m.JobsQueued, m.requests, m.duration, build,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// ObserveRequest records one finished HTTP request. route and entity come
// from Route; status 0 means the handler wrote nothing, which is a 200.
func (m *Metrics) ObserveRequest(method, route, entity string, status int, d time.Duration) {
	if status == 0 {
		status = http.StatusOK
	}
	method = normMethod(method)
	m.requests.WithLabelValues(method, route, entity, strconv.Itoa(status)).Inc()
	m.duration.WithLabelValues(method, route, entity).Observe(d.Seconds())
}

// normMethod keeps the method label bounded: clients may send any verb.
func normMethod(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut,
		http.MethodPatch, http.MethodDelete, http.MethodOptions:
		return m
	}
	return "OTHER"
}

// WatchPools registers a collector that reads connection pool statistics
// at every scrape. pools returns them by pool name (on SQLite a writer and
// a reader pool; on PostgreSQL one shared pool).
func (m *Metrics) WatchPools(pools func() map[string]sql.DBStats) {
	m.Registry.MustRegister(&poolCollector{pools: pools})
}

// Handler serves the registry in the Prometheus text format. With a
// non-empty token it answers 401 unless the request carries
// "Authorization: Bearer <token>".
func (m *Metrics) Handler(token string) http.Handler {
	// Compression is left to the server's gzip middleware, so a response
	// is never compressed twice.
	h := promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{Registry: m.Registry, DisableCompression: true})
	if token == "" {
		return h
	}
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}

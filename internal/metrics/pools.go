package metrics

import (
	"database/sql"

	"github.com/prometheus/client_golang/prometheus"
)

// poolCollector turns sql.DBStats into metrics at scrape time, so the
// numbers are current and nothing polls between scrapes.
type poolCollector struct {
	pools func() map[string]sql.DBStats
}

var (
	poolLabels  = []string{"pool"}
	descMaxOpen = prometheus.NewDesc("artel_db_max_open_connections",
		"Maximum open connections of the pool.", poolLabels, nil)
	descOpen = prometheus.NewDesc("artel_db_open_connections",
		"Open connections of the pool, in use and idle.", poolLabels, nil)
	descInUse = prometheus.NewDesc("artel_db_in_use_connections",
		"Connections of the pool in use.", poolLabels, nil)
	descIdle = prometheus.NewDesc("artel_db_idle_connections",
		"Idle connections of the pool.", poolLabels, nil)
	descWaitCount = prometheus.NewDesc("artel_db_wait_count_total",
		"Times a caller waited for a connection of the pool.", poolLabels, nil)
	descWaitDuration = prometheus.NewDesc("artel_db_wait_duration_seconds_total",
		"Total time callers waited for a connection of the pool.", poolLabels, nil)
)

func (c *poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descMaxOpen, descOpen, descInUse, descIdle, descWaitCount, descWaitDuration} {
		ch <- d
	}
}

func (c *poolCollector) Collect(ch chan<- prometheus.Metric) {
	for name, s := range c.pools() {
		gauge := func(d *prometheus.Desc, v int) {
			ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, float64(v), name)
		}
		gauge(descMaxOpen, s.MaxOpenConnections)
		gauge(descOpen, s.OpenConnections)
		gauge(descInUse, s.InUse)
		gauge(descIdle, s.Idle)
		ch <- prometheus.MustNewConstMetric(descWaitCount, prometheus.CounterValue, float64(s.WaitCount), name)
		ch <- prometheus.MustNewConstMetric(descWaitDuration, prometheus.CounterValue, s.WaitDuration.Seconds(), name)
	}
}

package api

import (
	"context"
	"net/http"

	"github.com/artel/artel/internal/value"
)

// withRealtime serves the live socket's paths before the request log and
// gzip: a WebSocket is hijacked, which gzip's writer cannot be, and it
// lives for hours, which would only skew the request metrics. A long poll
// waits up to 25 s for the same reason. The hub logs its own connections.
func (s *Server) withRealtime(next http.Handler) http.Handler {
	if s.Realtime == nil {
		return next
	}
	mux := http.NewServeMux()
	mux.Handle("GET /ecomet/websocket", s.recoverer(http.HandlerFunc(s.Realtime.ServeWebSocket)))
	mux.Handle("/comet/", s.recoverer(http.HandlerFunc(s.Realtime.ServeComet)))
	mux.Handle("/", next)
	return mux
}

// counter is GET /api/v3/counter, the keepalive the web app polls while
// its socket is down (spec 001 §4.3): it proves the session still works,
// gives the server's clock, and the caller's counters (the areas' own,
// such as notificationsUnreadCount, registered with Routes.Counter).
func (s *Server) counter(ctx context.Context, c *call, _ []int64) Response {
	online := 0
	if s.Realtime != nil {
		online = s.Realtime.OnlineCount(c.sc.Account)
	}
	out := map[string]any{"contentType": "Counter", "id": itoa(c.sc.Actor.ID),
		"serverTime": value.DateTime{}.Encode(s.Engine.Now().UnixMilli(), c.opt), "onlineEmployeesCount": online}
	if s.areas != nil {
		for field, count := range s.areas.counters {
			n, err := count(ctx, c.sc)
			if err != nil {
				return s.errorResponse(c, err)
			}
			out[field] = n
		}
	}
	return ok(out)
}

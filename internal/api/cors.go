package api

import "net/http"

// Open registers a public route any site's script may call: a lead form
// posted from the client's own site by its own code, not through the
// form's page on Artel. The answers allow every origin and never
// credentials, so a visitor's Artel session does not ride along (and a
// browser refuses "*" with credentials anyway).
func (rt *Routes) Open(pattern string, h Handler) {
	rt.Public(pattern, h)
	rt.open[pattern] = true
}

// crossOrigin marks the answers of Open routes as readable by any origin
// and answers a browser's preflight for them, telling whether it did.
// Other routes get no CORS headers, so a browser keeps other sites'
// scripts out of them as before.
func (s *Server) crossOrigin(w http.ResponseWriter, r *http.Request, segs []string) bool {
	if s.areas == nil || r.Header.Get("Origin") == "" {
		return false
	}
	method := r.Method
	asked := r.Header.Get("Access-Control-Request-Method")
	preflight := method == http.MethodOptions && asked != ""
	if preflight {
		method = asked
	}
	if key, _ := routeKey(method, segs); !s.areas.open[key] {
		return false
	}
	h := w.Header()
	h.Set("Access-Control-Allow-Origin", "*")
	if !preflight {
		return false
	}
	h.Set("Access-Control-Allow-Methods", method)
	h.Set("Access-Control-Allow-Headers", "Content-Type, Accept-Language")
	h.Set("Access-Control-Max-Age", "86400")
	w.WriteHeader(http.StatusNoContent)
	return true
}

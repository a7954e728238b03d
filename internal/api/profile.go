package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/artel/artel/internal/httpin"
	"github.com/artel/artel/internal/profiling"
	"github.com/artel/artel/internal/value"
)

// profileBatch stores the web app's timings (spec 000 §7: a list of
// {name, durationFromNavigation}). The app flushes with sendBeacon on
// unload, which cannot send the CSRF header; that is acceptable here
// because the session cookie is SameSite=Lax (never sent on a cross-site
// POST) and the write only adds the caller's own measurements.
func (s *Server) profileBatch(w http.ResponseWriter, r *http.Request) {
	lang := language(r.Header.Get("Accept-Language"))
	account, err := s.Accounts.Resolve(r.Host)
	if err != nil {
		fail(http.StatusNotFound, "not_found", message(lang, "not_found")).write(w)
		return
	}
	c := &call{method: r.Method, lang: lang, host: r.Host, beacon: true, query: map[string]json.RawMessage{}}
	c.sc.Account = account
	body, err := httpin.ReadBody(w, r, 1<<20)
	if err != nil {
		inputError(lang, err).write(w)
		return
	}
	if res, ok := s.authenticate(r, c); !ok {
		res.write(w)
		return
	}
	var recs []profiling.Record
	if len(body.JSON) == 0 || json.Unmarshal(body.JSON, &recs) != nil {
		fail(http.StatusBadRequest, "malformed_json", message(lang, "malformed_json")).write(w)
		return
	}
	err = profiling.Save(r.Context(), s.DB, account, c.sc.Actor, recs, s.Engine.Now())
	if errors.Is(err, profiling.ErrInvalid) {
		Response{Status: http.StatusUnprocessableEntity, Errors: []ErrorEntry{{Field: "records", Message: message(lang, value.CodeRange), Type: value.CodeRange}}}.write(w)
		return
	}
	if err != nil {
		s.errorResponse(c, err).write(w)
		return
	}
	ok(map[string]any{"saved": len(recs)}).write(w)
}

// profilingSummary serves the timings to administrators: per name, count,
// median, 95th percentile and worst over the last {"days": N} (default 7).
func (s *Server) profilingSummary(ctx context.Context, c *call, _ []int64) Response {
	if !c.sc.Admin {
		return fail(http.StatusForbidden, "access_denied", c.say("access_denied"))
	}
	days := 7
	if raw, ok := c.query["days"]; ok {
		if json.Unmarshal(raw, &days) != nil || days < 1 || days > 30 {
			return Response{Status: http.StatusUnprocessableEntity, Errors: []ErrorEntry{{Field: "days", Message: c.say(value.CodeRange), Type: value.CodeRange}}}
		}
	}
	sums, err := profiling.Summarise(ctx, s.DB, c.sc.Account, s.Engine.Now().Add(-time.Duration(days)*24*time.Hour))
	if err != nil {
		return s.errorResponse(c, err)
	}
	out := make([]map[string]any, 0, len(sums))
	for _, x := range sums {
		out = append(out, map[string]any{"contentType": "ProfileSummary", "id": x.Name, "name": x.Name,
			"count": x.Count, "p50": x.P50, "p95": x.P95, "max": x.Max})
	}
	return ok(out)
}

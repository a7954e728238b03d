package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/httpin"
	"github.com/artel/artel/internal/value"
)

// Bulk limits.
const (
	MaxBulkCalls = 100
	MaxLinks     = 1000
)

type bulkItem struct {
	Data     any  `json:"data"`
	Meta     meta `json:"meta"`
	Included any  `json:"included,omitempty"`
}

// bulk runs each call on its own, as if it came alone: one failing call
// (with its own transaction rolled back) does not fail the others.
func (s *Server) bulk(ctx context.Context, c *call) Response {
	var req struct {
		Calls []struct {
			URL    string          `json:"url"`
			Method string          `json:"method"`
			Body   json.RawMessage `json:"body"`
		} `json:"calls"`
	}
	if len(c.body) == 0 || json.Unmarshal(c.body, &req) != nil {
		return fail(http.StatusBadRequest, "malformed_json", c.say("malformed_json"))
	}
	if len(req.Calls) > MaxBulkCalls {
		return Response{Status: http.StatusUnprocessableEntity, Errors: []ErrorEntry{{Field: "calls",
			Type: "too_many_calls", Message: c.say("too_many_calls", strconv.Itoa(MaxBulkCalls))}}}
	}
	out := make([]bulkItem, len(req.Calls))
	for i, bc := range req.Calls {
		path, rawQuery, _ := strings.Cut(bc.URL, "?")
		sub := &call{method: strings.ToUpper(bc.Method), segs: splitPath(path), sc: c.sc, lang: c.lang, opt: c.opt, session: c.session, app: c.app, host: c.host, words: c.words, included: c.included}
		if sub.method == "" {
			sub.method = http.MethodGet
		}
		var res Response
		q, err := httpin.ParseQuery(rawQuery)
		if err == nil && sub.method != http.MethodGet {
			sub.body, err = httpin.BulkCallBody(bc.Body)
		}
		switch {
		case err != nil:
			res = inputError(c.lang, err)
		case len(sub.segs) > 0 && sub.segs[0] == "bulk":
			res = s.noRoute(c)
		default:
			delete(q, "access_token")
			sub.query = q
			res = s.dispatch(ctx, sub)
			if sub.included {
				s.include(ctx, sub, &res)
			}
		}
		env := res.envelope()
		out[i] = bulkItem{Data: env.Data, Meta: env.Meta, Included: env.Included}
	}
	return ok(out)
}

// entitiesByLinks answers the entities behind up to 1000 links; links to
// nothing the caller can see are left out silently.
func (s *Server) entitiesByLinks(ctx context.Context, c *call) Response {
	var links []json.RawMessage
	if len(c.body) == 0 || json.Unmarshal(c.body, &links) != nil {
		var wrapped struct {
			Links []json.RawMessage `json:"links"`
		}
		if len(c.body) == 0 || json.Unmarshal(c.body, &wrapped) != nil {
			return fail(http.StatusBadRequest, "malformed_json", c.say("malformed_json"))
		}
		links = wrapped.Links
	}
	if len(links) > MaxLinks {
		return Response{Status: http.StatusUnprocessableEntity, Errors: []ErrorEntry{{Field: "links",
			Type: "too_many_calls", Message: c.say("too_many_calls", strconv.Itoa(MaxLinks))}}}
	}
	var parsed []value.Link
	for _, raw := range links {
		var ct struct {
			ContentType string `json:"contentType"`
		}
		if json.Unmarshal(raw, &ct) != nil || s.Cat.Type(ct.ContentType) == nil {
			continue
		}
		if l, err := value.DecodeLink(raw, []string{ct.ContentType}); err == nil {
			parsed = append(parsed, l)
		}
	}
	sel, err := selection(c, false)
	if err != nil {
		return s.errorResponse(c, err)
	}
	data, err := s.byLinks(ctx, c, parsed, sel)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return ok(data)
}

// byLinks loads entities of several types in the links' order, one query
// per type, dropping links to nothing.
func (s *Server) byLinks(ctx context.Context, c *call, links []value.Link, sel entity.Selection) ([]any, error) {
	byType := map[string][]int64{}
	var order []string
	for _, l := range links {
		if _, seen := byType[l.Type]; !seen {
			order = append(order, l.Type)
		}
		byType[l.Type] = append(byType[l.Type], l.ID)
	}
	encoded := map[value.Link]any{}
	for _, typ := range order {
		recs, err := s.Engine.GetMany(ctx, c.sc, typ, byType[typ])
		if err != nil {
			return nil, err
		}
		list, err := s.encode(ctx, c, recs, sel)
		if err != nil {
			return nil, err
		}
		for i, r := range recs {
			encoded[r.Link()] = list[i]
		}
	}
	out := make([]any, 0, len(links))
	for _, l := range links {
		if v, ok := encoded[l]; ok {
			out = append(out, v)
		}
	}
	return out, nil
}

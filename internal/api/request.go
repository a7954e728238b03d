package api

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/artel/artel/internal/auth"
	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/httpin"
	"github.com/artel/artel/internal/value"
)

// Request is one call as an area's handler sees it.
type Request struct {
	// IDs are the path's numeric segments, in order.
	IDs []int64
	s   *Server
	c   *call
	t   *catalog.Type
}

// OK is a 200 answer with data.
func OK(data any) Response { return ok(data) }

// Fail is an answer with one error of a type and its message.
func Fail(status int, typ, msg string) Response { return fail(status, typ, msg) }

// Scope is who calls, in which account.
func (r *Request) Scope() entity.Scope { return r.c.sc }

// Origin is the address the caller reached this server at
// ("https://crm.example.com"), for links sent out of the app (an
// invitation e-mail); the scheme is https when the request came over TLS
// or a proxy says so in X-Forwarded-Proto.
func (r *Request) Origin() string {
	if r.c.https {
		return "https://" + r.c.host
	}
	return "http://" + r.c.host
}

// ClientIP is the sender's address, as the connection gives it (a public
// route's rate limit counts by it).
func (r *Request) ClientIP() string { return r.c.ip }

// Lang is the answer's language ("ru" or "en").
func (r *Request) Lang() string { return r.c.lang }

// Method is the HTTP method (inside bulk: the item's).
func (r *Request) Method() string { return r.c.method }

// Options are the caller's value options (time zone).
func (r *Request) Options() value.Options { return r.c.opt }

// Body is the request body as JSON (empty when there was none).
func (r *Request) Body() json.RawMessage { return r.c.body }

// Files are the uploaded parts of a multipart body.
func (r *Request) Files() []httpin.File { return r.c.files }

// Session is the caller's session (nil for token and guest calls).
func (r *Request) Session() *auth.Session { return r.c.session }

// Type is the catalogue type an {entity} segment named.
func (r *Request) Type() *catalog.Type { return r.t }

// Query is one query parameter as JSON.
func (r *Request) Query(name string) (json.RawMessage, bool) {
	raw, ok := r.c.query[name]
	return raw, ok
}

// TakeQuery reads a route's own parameter and removes it, so the generic
// list parameters that follow do not see it.
func (r *Request) TakeQuery(name string) (json.RawMessage, bool) {
	raw, ok := r.c.query[name]
	delete(r.c.query, name)
	return raw, ok
}

// Input is the body as an entity input; a malformed one is answered 400.
func (r *Request) Input() (entity.Input, *Response) { return r.s.input(r.c) }

// Fail answers an engine, module or auth error as the conventions do.
func (r *Request) Fail(err error) Response { return r.s.errorResponse(r.c, err) }

// Selection reads fields and onlyRequestedFields (full: a card's default).
func (r *Request) Selection(full bool) (entity.Selection, error) { return selection(r.c, full) }

// ListQuery reads the list parameters of API v3 for a type.
func (r *Request) ListQuery(typeName string) (entity.ListQuery, error) {
	return listQuery(r.c, typeName)
}

// Page answers a list page of a type with its pagination.
func (r *Request) Page(ctx context.Context, typeName string, lq entity.ListQuery) Response {
	return r.s.page(ctx, r.c, typeName, lq)
}

// One answers one record as GET of it would.
func (r *Request) One(ctx context.Context, rec *entity.Record, sel entity.Selection) Response {
	return r.s.encodeOne(ctx, r.c, rec, sel)
}

// Encode renders records of one type with their counts and collections.
func (r *Request) Encode(ctx context.Context, recs []*entity.Record, sel entity.Selection) ([]any, error) {
	return r.s.encode(ctx, r.c, recs, sel)
}

// NotFound is the 404 of a missing (or unseen) entity.
func (r *Request) NotFound() Response { return r.s.notFound(r.c) }

// NoRoute is the route-level 404 of a path the route does not serve
// after all (an {entity} route for a type it has nothing for).
func (r *Request) NoRoute() Response { return r.s.noRoute(r.c) }

// Denied is the 403 of a right the caller lacks.
func (r *Request) Denied() Response { return accessDenied(r.c) }

// MethodNotAllowed is the 405 of a known path.
func (r *Request) MethodNotAllowed() Response { return r.s.methodNotAllowed(r.c) }

// FieldFail is a one-field 422 of an error type.
func (r *Request) FieldFail(field, typ string, args ...string) Response {
	return fieldFail(r.c, field, typ, args...)
}

// Message words an error type in the caller's language.
func (r *Request) Message(typ string, args ...string) string { return r.c.say(typ, args...) }

// Write sends an answer outside the usual path (a Download's error).
func (res Response) Write(w http.ResponseWriter) { res.write(w) }

// InputFail is the answer to a body that could not be read (an
// *httpin.Error: 400, 413, 415), for routes that read their own body.
func (r *Request) InputFail(err error) Response { return inputError(r.c.lang, err) }

// QueryString is a string query parameter ("" when absent or not text).
func (r *Request) QueryString(name string) string { return queryString(r.c, name) }

// Get answers GET of one entity, as the generic route does.
func (r *Request) Get(ctx context.Context, typeName string, id int64) Response {
	return r.s.get(ctx, r.c, typeName, id)
}

// Update answers a save of one entity from the body, as the generic route
// does.
func (r *Request) Update(ctx context.Context, typeName string, id int64) Response {
	return r.s.update(ctx, r.c, typeName, id)
}

// FieldError words one engine field error.
func (r *Request) FieldError(fe entity.FieldError) ErrorEntry { return r.c.fieldError(fe) }

// ListItems answers a collection's items as the generic
// GET /{entity}/{id}/{collection} route does.
func (r *Request) ListItems(ctx context.Context, typeName string, id int64, field string) Response {
	return r.s.listItems(ctx, r.c, typeName, id, field)
}

// IDPaging reads limit and pageAfter of a list paged by id rather than by
// an entity's sort values (history, notifications): pageAfter is the last
// item seen or its id.
func (r *Request) IDPaging() (limit int, after int64, err error) { return idPaging(r.c) }

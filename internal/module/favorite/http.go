package favorite

import (
	"context"
	"net/http"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// HTTP is the favourites' routes: a star on any entity the reader sees,
// and the list of what they starred.
type HTTP struct {
	Engine    *entity.Engine
	Favorites *Favorites
}

// Routes registers POST (star) and DELETE (unstar) /{entity}/{id}/favorite
// for every type, and GET /favorite.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("POST /{entity}/{id}/favorite", a.set)
	rt.Handle("DELETE /{entity}/{id}/favorite", a.set)
	for _, m := range []string{"GET", "PUT", "PATCH"} {
		rt.Handle(m+" /{entity}/{id}/favorite", func(_ context.Context, r *api.Request) api.Response { return r.MethodNotAllowed() })
	}
	rt.Handle("GET /favorite", a.list)
}

func (a *HTTP) set(ctx context.Context, r *api.Request) api.Response {
	rec, err := a.Favorites.Set(ctx, r.Scope(), value.Link{Type: r.Type().Name, ID: r.IDs[0]}, r.Method() == http.MethodPost)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

// list serves GET /favorite: what the reader starred, newest first, as
// full entities (those no longer visible are left out).
func (a *HTTP) list(ctx context.Context, r *api.Request) api.Response {
	links, err := a.Favorites.List(ctx, r.Scope(), entity.MaxLimit)
	if err != nil {
		return r.Fail(err)
	}
	out := []any{}
	for _, l := range links {
		rec, err := a.Engine.Get(ctx, r.Scope(), l.Type, l.ID)
		if err != nil {
			continue // gone or hidden since it was starred
		}
		one := r.One(ctx, rec, entity.Selection{})
		if one.Status == http.StatusOK {
			out = append(out, one.Data)
		}
	}
	return api.OK(out)
}

package space

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// HTTP is the workspaces' routes (/spaces/…). See docs/space.md.
type HTTP struct {
	Engine *entity.Engine
	Spaces *Module
}

// Routes registers the tree, its members, notes and widgets.
func (a *HTTP) Routes(rt *api.Routes) {
	for _, s := range []string{SectionAll, SectionPrivate, ListFavorites} {
		rt.Handle("GET /spaces/section/"+s, a.list(ListSection, s))
	}
	for _, s := range []string{SectionAll, SectionPrivate} {
		rt.Handle("POST /spaces/section/"+s, a.create(s))
		rt.Handle("POST /spaces/section/"+s+"/widget", a.widget(s))
		rt.Handle("GET /spaces/section/"+s+"/accessLevel", a.sectionLevel(s))
	}
	rt.Handle("GET /spaces/element", a.list(ListElements, ""))
	rt.Handle("GET /spaces/space", a.list(ListSpaces, ""))
	rt.Handle("GET /spaces/space/movement", a.list(ListMoveTo, ""))
	rt.Handle("GET /spaces/recents", a.list(ListRecents, ""))
	rt.Handle("GET /spaces/trash", a.trash)
	rt.Handle("POST /spaces/trash/{id}/restore", a.restore)
	rt.Handle("POST /spaces/trash/{id}/remove", a.remove)
	for _, base := range []string{"/spaces/element/{id}", "/spaces/space/{id}"} {
		rt.Handle("GET "+base+"/children", a.list(ListChildren, ""))
		rt.Handle("POST "+base+"/children", a.create(""))
		rt.Handle("POST "+base+"/widget", a.widget(""))
	}
	rt.Handle("GET /spaces/element/{id}", a.open)
	rt.Handle("PATCH /spaces/element/{id}", a.element(a.Spaces.Update))
	rt.Handle("DELETE /spaces/element/{id}", a.delete)
	rt.Handle("POST /spaces/element/{id}/move", a.element(a.Spaces.Move))
	rt.Handle("POST /spaces/element/{id}/placeAfter", a.element(a.Spaces.PlaceAfter))
	rt.Handle("POST /spaces/element/{id}/copy", a.element(func(ctx context.Context, sc entity.Scope, id int64, in ElementIn) (*tree, *Element, error) {
		return a.Spaces.Copy(ctx, sc, id, in, false, true)
	}))
	rt.Handle("POST /spaces/element/{id}/clone", a.clone)
	rt.Handle("POST /spaces/element/{id}/addToFavorites", a.favorite(true))
	rt.Handle("POST /spaces/element/{id}/removeFromFavorites", a.favorite(false))
	a.memberRoutes(rt)
	rt.Handle("GET /spaces/note/{id}", a.readNote)
	rt.Handle("POST /spaces/note/{id}", a.writeNote)
	rt.Describe("GET /spaces/section/favorites", [2]string{"Избранные элементы пространств читателя", "The reader's favourite workspace elements"})
	rt.Messages(Wording)
}

// inTx runs a write in one transaction, so a refused call leaves nothing.
func (a *HTTP) inTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return a.Engine.DB.WithTx(ctx, fn)
}

// filter reads the lists' q, excludeIds and limit; a limit that is no
// count or excludeIds that is no list is 422.
func filter(r *api.Request) (Filter, error) {
	f := Filter{Q: r.QueryString("q")}
	if raw, ok := r.Query("limit"); ok {
		if json.Unmarshal(raw, &f.Limit) != nil || f.Limit < 0 {
			return f, entity.Invalidf("limit", value.CodeType, "integer")
		}
	}
	if raw, ok := r.Query("excludeIds"); ok {
		var ids []any
		if json.Unmarshal(raw, &ids) != nil {
			return f, entity.Invalidf("excludeIds", value.CodeType, "array")
		}
		for _, v := range ids {
			switch x := v.(type) {
			case float64:
				f.Exclude = append(f.Exclude, int64(x))
			case string:
				if n, err := strconv.ParseInt(x, 10, 64); err == nil {
					f.Exclude = append(f.Exclude, n)
				}
			}
		}
	}
	return f, nil
}

func (a *HTTP) list(kind, section string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		var parent int64
		if len(r.IDs) > 0 {
			parent = r.IDs[0]
		}
		f, err := filter(r)
		if err != nil {
			return r.Fail(err)
		}
		t, es, err := a.Spaces.List(ctx, r.Scope(), kind, section, parent, f)
		if err != nil {
			return r.Fail(err)
		}
		return api.OK(t.list(es))
	}
}

// body is the call's Element, or the 400/422 answer.
func body(r *api.Request) (ElementIn, *api.Response) {
	if _, res := r.Input(); res != nil {
		return ElementIn{}, res
	}
	in, err := readElement(r.Body(), "element")
	if err != nil {
		res := r.Fail(err)
		return in, &res
	}
	return in, nil
}

// placeOf is where a new element goes: under r.IDs[0], or at the
// section's root.
func placeOf(r *api.Request, section string) Place {
	p := Place{Section: section}
	if len(r.IDs) > 0 {
		p.Parent = r.IDs[0]
	}
	return p
}

// write runs a write in one transaction and answers its element, or
// (idOnly) an ElementIdResponse.
func (a *HTTP) write(ctx context.Context, r *api.Request, idOnly bool, op func(ctx context.Context) (*tree, *Element, error)) api.Response {
	var t *tree
	var e *Element
	err := a.inTx(ctx, func(ctx context.Context) (err error) {
		t, e, err = op(ctx)
		return err
	})
	if err != nil {
		return r.Fail(err)
	}
	if idOnly {
		return api.OK(idResponse(e.ID))
	}
	return api.OK(t.json(e))
}

// create adds a space or note: at a section's root, or under r.IDs[0].
// The company's root answers ElementIdResponse, as the reference has it.
func (a *HTTP) create(section string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		in, res := body(r)
		if res != nil {
			return *res
		}
		return a.write(ctx, r, section == SectionAll, func(ctx context.Context) (*tree, *Element, error) {
			return a.Spaces.Create(ctx, r.Scope(), placeOf(r, section), in)
		})
	}
}

func (a *HTTP) widget(section string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		if _, res := r.Input(); res != nil {
			return *res
		}
		return a.write(ctx, r, false, func(ctx context.Context) (*tree, *Element, error) {
			return a.Spaces.AddWidget(ctx, r.Scope(), placeOf(r, section), r.Body())
		})
	}
}

// sectionLevel is what the reader may do at a section's root: every
// employee adds to both; others nothing.
func (a *HTTP) sectionLevel(section string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		switch {
		case !employee(r.Scope()):
			return api.OK("none")
		case section == SectionPrivate || r.Scope().Admin:
			return api.OK(Full.accessName())
		}
		return api.OK(Edit.accessName())
	}
}

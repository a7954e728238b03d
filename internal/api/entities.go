package api

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

func (s *Server) input(c *call) (entity.Input, *Response) {
	in := entity.Input{}
	if len(c.body) == 0 {
		return in, nil
	}
	if json.Unmarshal(c.body, &in) != nil {
		res := fail(http.StatusBadRequest, "malformed_json", c.say("malformed_json"))
		return nil, &res
	}
	return in, nil
}

// encode renders records of one type with their counts and collections.
func (s *Server) encode(ctx context.Context, c *call, recs []*entity.Record, sel entity.Selection) ([]any, error) {
	out := make([]any, 0, len(recs))
	if len(recs) == 0 {
		return out, nil
	}
	if err := s.Engine.Expand(ctx, c.sc, recs, sel); err != nil {
		return nil, err
	}
	var extras []*entity.ExtraField
	if sel.MayNeedExtras(recs[0].Type) {
		var err error
		if extras, err = s.Engine.ExtraFields(ctx, c.sc, recs[0].Type.Name); err != nil {
			return nil, err
		}
	}
	for _, r := range recs {
		out = append(out, entity.Encode(r, sel, extras, c.opt))
	}
	return out, nil
}

func (s *Server) encodeOne(ctx context.Context, c *call, rec *entity.Record, sel entity.Selection) Response {
	list, err := s.encode(ctx, c, []*entity.Record{rec}, sel)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return ok(list[0])
}

func (s *Server) get(ctx context.Context, c *call, typeName string, id int64) Response {
	sel, err := selection(c, true)
	if err != nil {
		return s.errorResponse(c, err)
	}
	rec, err := s.Engine.Get(ctx, c.sc, typeName, id)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return s.encodeOne(ctx, c, rec, sel)
}

func (s *Server) list(ctx context.Context, c *call, typeName string) Response {
	lq, err := listQuery(c, typeName)
	if err == nil {
		err = listParams(c, s.Cat.Type(typeName), &lq)
	}
	if err != nil {
		return s.errorResponse(c, err)
	}
	return s.page(ctx, c, typeName, lq)
}

func (s *Server) page(ctx context.Context, c *call, typeName string, lq entity.ListQuery) Response {
	sel, err := selection(c, false)
	if err != nil {
		return s.errorResponse(c, err)
	}
	if sel.Only {
		lq.Fields = sel.Fields
		if lq.Fields == nil {
			lq.Fields = []string{}
		}
	}
	page, err := s.Engine.List(ctx, c.sc, typeName, lq, c.opt)
	if err != nil {
		return s.errorResponse(c, err)
	}
	data, err := s.encode(ctx, c, page.Records, sel)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return Response{Status: http.StatusOK, Data: data, Pagination: &Pagination{Count: page.Count, Limit: page.Limit,
		HasMoreNext: page.HasMoreNext, HasMorePrev: page.HasMorePrev, ElementIndex: page.ElementIndex, CountCapped: page.CountCapped}}
}

func (s *Server) create(ctx context.Context, c *call, typeName string) Response {
	in, res := s.input(c)
	if res != nil {
		return *res
	}
	rec, err := s.Engine.Create(ctx, c.sc, typeName, in)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return s.encodeOne(ctx, c, rec, entity.Selection{Full: true})
}

func (s *Server) update(ctx context.Context, c *call, typeName string, id int64) Response {
	in, res := s.input(c)
	if res != nil {
		return *res
	}
	rec, err := s.Engine.Update(ctx, c.sc, typeName, id, in)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return s.encodeOne(ctx, c, rec, entity.Selection{Full: true})
}

func (s *Server) delete(ctx context.Context, c *call, typeName string, id int64) Response {
	if err := s.Engine.Delete(ctx, c.sc, typeName, id); err != nil {
		return s.errorResponse(c, err)
	}
	return ok(nil)
}

// listItems lists a collection's items as entities: a reverse collection
// as a keyset list of the item type, a many-to-many one in its order.
func (s *Server) listItems(ctx context.Context, c *call, typeName string, id int64, field string) Response {
	t := s.Cat.Type(typeName)
	f := t.Field(field)
	if f == nil {
		return s.noRoute(c)
	}
	owner, err := s.Engine.Get(ctx, c.sc, typeName, id)
	if err != nil {
		return s.errorResponse(c, err)
	}
	if f.Reverse != nil {
		rt := s.Cat.Type(f.Reverse.Type)
		lq, err := listQuery(c, rt.Name)
		if err != nil {
			return s.errorResponse(c, err)
		}
		col := rt.Table + "." + rt.Field(f.Reverse.Field).Column
		lq.Where = append(lq.Where, entity.Condition{SQL: col + "_t = ? AND " + col + "_i = ?", Args: []any{t.Name, id}})
		return s.page(ctx, c, rt.Name, lq)
	}
	sel, err := selection(c, false)
	if err != nil {
		return s.errorResponse(c, err)
	}
	if err := s.Engine.Expand(ctx, c.sc, []*entity.Record{owner}, entity.Selection{Fields: []string{field}, Only: true}); err != nil {
		return s.errorResponse(c, err)
	}
	items, ok2 := owner.Many[field]
	if !ok2 {
		return s.noRoute(c)
	}
	data, err := s.byLinks(ctx, c, items, sel)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return Response{Status: http.StatusOK, Data: data, Pagination: &Pagination{Count: int64(len(data)), Limit: len(data)}}
}

func (s *Server) addItem(ctx context.Context, c *call, typeName string, id int64, field string) Response {
	owner, item, err := s.Engine.AddItem(ctx, c.sc, typeName, id, field, c.body)
	if err != nil {
		return s.errorResponse(c, err)
	}
	if item != nil {
		return s.encodeOne(ctx, c, item, entity.Selection{Full: true})
	}
	return s.encodeOne(ctx, c, owner, entity.Selection{Full: true})
}

func (s *Server) removeItem(ctx context.Context, c *call, typeName string, id int64, field string, item value.Link) Response {
	owner, err := s.Engine.RemoveItem(ctx, c.sc, typeName, id, field, item)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return s.encodeOne(ctx, c, owner, entity.Selection{Full: true})
}

package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/task"
	"github.com/artel/artel/internal/value"
)

// The task filter panel: the built-in filters and the reader's saved
// ones, each with the number of tasks it finds for this reader; and the
// favourites the "favorites" filter reads.

func init() {
	routes := map[string]handler{"GET /taskFilter": taskFilters, "GET /favorite": favorites}
	for _, f := range task.SystemFilters {
		routes["GET /taskFilter/"+f.ID] = taskSystemFilter(f)
	}
	routeSets = append(routeSets, routes)
}

func taskFilters(s *Server, ctx context.Context, c *call, _ []int64) Response {
	out := []any{}
	for _, f := range task.SystemFilters {
		one, err := s.systemFilterJSON(ctx, c, f)
		if err != nil {
			return s.errorResponse(c, err)
		}
		out = append(out, one)
	}
	saved, err := s.Engine.List(ctx, c.sc, "TaskFilter", entity.ListQuery{Limit: entity.MaxLimit}, c.opt)
	if err != nil {
		return s.errorResponse(c, err)
	}
	list, err := s.encode(ctx, c, saved.Records, entity.Selection{})
	if err != nil {
		return s.errorResponse(c, err)
	}
	for i, rec := range saved.Records {
		n, err := s.taskCount(ctx, c, fmt.Sprintf(`{"contentType":"TaskFilter","id":"%d"}`, rec.ID))
		if err != nil {
			return s.errorResponse(c, err)
		}
		m := list[i].(map[string]any)
		m["count"] = n
		out = append(out, m)
	}
	return Response{Status: http.StatusOK, Data: out}
}

func taskSystemFilter(f task.SystemFilter) handler {
	return func(s *Server, ctx context.Context, c *call, _ []int64) Response {
		one, err := s.systemFilterJSON(ctx, c, f)
		if err != nil {
			return s.errorResponse(c, err)
		}
		return ok(one)
	}
}

func (s *Server) systemFilterJSON(ctx context.Context, c *call, f task.SystemFilter) (map[string]any, error) {
	link, _ := json.Marshal(map[string]any{"contentType": "TaskFilter", "id": f.ID})
	n, err := s.taskCount(ctx, c, string(link))
	if err != nil {
		return nil, err
	}
	return map[string]any{"contentType": "TaskFilter", "id": f.ID, "title": f.Title(c.lang), "count": n,
		"href": "/task/filter/" + f.ID, "shared": false, "owner": nil, "config": nil, "availableActions": []string{},
		"isSystem": true, "userFields": []string{}, "userSortby": []any{}}, nil
}

// taskCount is how many tasks the reader sees through a filter.
func (s *Server) taskCount(ctx context.Context, c *call, filter string) (int64, error) {
	page, err := s.Engine.List(ctx, c.sc, "Task", entity.ListQuery{Filter: json.RawMessage(filter), Limit: 1}, c.opt)
	if err != nil {
		return 0, err
	}
	return page.Count, nil
}

// favorite serves POST (star) and DELETE (unstar) /{entity}/{id}/favorite.
func (s *Server) favorite(ctx context.Context, c *call, typeName string, id int64) Response {
	if c.method != http.MethodPost && c.method != http.MethodDelete {
		return s.methodNotAllowed(c)
	}
	rec, err := s.Favorites.Set(ctx, c.sc, value.Link{Type: typeName, ID: id}, c.method == http.MethodPost)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return s.encodeOne(ctx, c, rec, entity.Selection{Full: true})
}

// favorites serves GET /favorite: what the reader starred, newest first,
// as full entities (those no longer visible are left out).
func favorites(s *Server, ctx context.Context, c *call, _ []int64) Response {
	links, err := s.Favorites.List(ctx, c.sc, entity.MaxLimit)
	if err != nil {
		return s.errorResponse(c, err)
	}
	out := []any{}
	for _, l := range links {
		rec, err := s.Engine.Get(ctx, c.sc, l.Type, l.ID)
		if err != nil {
			continue // gone or hidden since it was starred
		}
		one := s.encodeOne(ctx, c, rec, entity.Selection{})
		if one.Status == http.StatusOK {
			out = append(out, one.Data)
		}
	}
	return ok(out)
}

package api

import (
	"context"

	"github.com/artel/artel/internal/catalog"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// removeItemByID serves DELETE /{entity}/{id}/{collection}/{itemId}, the
// reference's short form of removing an item (DELETE
// /deal/{dealId}/auditors/{auditorId}) that names no item type. The type
// is the collection's only target, or the one of its current items with
// that id. When items of several types share the id (employees and
// clients have separate id spaces) the employee is removed, as the
// reference's parameter names say ({auditorId}, {employeeId}); the long
// form /{collection}/{type}/{itemId} removes any other.
func (s *Server) removeItemByID(ctx context.Context, c *call, typeName string, id int64, field string, itemID int64) Response {
	f := s.Cat.Type(typeName).Field(field)
	if f == nil || (f.Role != catalog.RoleLinks && f.Role != catalog.RoleReverse) {
		return s.noRoute(c)
	}
	switch {
	case f.Role == catalog.RoleReverse:
		return s.removeItem(ctx, c, typeName, id, field, value.Link{Type: f.Reverse.Type, ID: itemID})
	case len(f.Targets) == 1:
		return s.removeItem(ctx, c, typeName, id, field, value.Link{Type: f.Targets[0], ID: itemID})
	}
	owner, err := s.Engine.Get(ctx, c.sc, typeName, id)
	if err != nil {
		return s.errorResponse(c, err)
	}
	if err := s.Engine.Expand(ctx, c.sc, []*entity.Record{owner}, entity.Selection{Fields: []string{field}, Only: true}); err != nil {
		return s.errorResponse(c, err)
	}
	var found *value.Link
	for _, l := range owner.Many[field] {
		if l.ID == itemID && (found == nil || l.Type == "Employee") {
			found = &l
		}
	}
	if found == nil {
		return s.notFound(c)
	}
	return s.removeItem(ctx, c, typeName, id, field, *found)
}

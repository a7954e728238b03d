package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// extraFields serves {entity}/extraFields and {entity}/extraFields/{id}.
func (s *Server) extraFields(ctx context.Context, c *call, typeName string, rest []string) Response {
	switch {
	case len(rest) == 0 && c.method == http.MethodGet:
		list, err := s.Engine.ExtraFields(ctx, c.sc, typeName)
		if err != nil {
			return s.errorResponse(c, err)
		}
		// Artel's ?program= narrows a Deal's fields to what that program's
		// deals have: its own and the unowned (the reference's
		// /program/{id}/fields answers the same).
		if raw, given := c.query["program"]; given && typeName == "Deal" {
			l, err := value.DecodeLink(raw, []string{"Program"})
			if err != nil {
				return fieldFail(c, "program", entity.CodeBadParam)
			}
			list = list.ForOwner(&l)
		}
		return ExtraFieldList(list)
	case len(rest) == 0 && c.method == http.MethodPost:
		return s.saveExtra(ctx, c, typeName, 0)
	case len(rest) == 1:
		id, okID := parseID(rest[0])
		if !okID {
			return s.notFound(c)
		}
		switch c.method {
		case http.MethodPost:
			return s.saveExtra(ctx, c, typeName, id)
		case http.MethodDelete:
			x, err := s.Engine.DeleteExtraField(ctx, c.sc, typeName, id)
			if err != nil {
				return s.errorResponse(c, err)
			}
			return ok(extraJSON(x))
		case http.MethodGet:
			list, err := s.Engine.ExtraFields(ctx, c.sc, typeName)
			if err != nil {
				return s.errorResponse(c, err)
			}
			for _, x := range list {
				if x.ID == id {
					return ok(extraJSON(x))
				}
			}
			return s.notFound(c)
		}
	}
	return s.notFound(c)
}

func (s *Server) saveExtra(ctx context.Context, c *call, typeName string, id int64) Response {
	var req struct {
		ContentType string          `json:"contentType"`
		Name        string          `json:"name"`
		HrName      string          `json:"hrName"`
		IsRequired  any             `json:"isRequired"`
		IsMultiple  any             `json:"isMultiple"`
		EnumValues  []string        `json:"enumValues"`
		OrderPos    int64           `json:"orderPos"`
		Owner       json.RawMessage `json:"owner"`
	}
	if len(c.body) == 0 || json.Unmarshal(c.body, &req) != nil {
		return fail(http.StatusBadRequest, "malformed_json", c.say("malformed_json"))
	}
	x := &entity.ExtraField{ID: id, ContentType: typeName, Name: req.Name, Kind: req.ContentType, HrName: req.HrName,
		Required: truthy(req.IsRequired), Multiple: truthy(req.IsMultiple), EnumValues: req.EnumValues, OrderPos: req.OrderPos}
	if len(req.Owner) > 0 && string(req.Owner) != "null" {
		l, err := value.DecodeLink(req.Owner, s.Engine.ExtraOwnerTypes(typeName))
		var ve *value.Error
		if errors.As(err, &ve) {
			return s.errorResponse(c, &entity.Invalid{Errors: []entity.FieldError{{Field: "owner", Code: ve.Code, Value: ve}}})
		} else if err != nil {
			return s.errorResponse(c, err)
		}
		x.Owner = &l
	}
	if err := s.Engine.SaveExtraField(ctx, c.sc, x); err != nil {
		return s.errorResponse(c, err)
	}
	return ok(extraJSON(x))
}

// truthy accepts the booleans a form body sends as text.
func truthy(v any) bool {
	switch x := v.(type) {
	case bool:
		return x
	case string:
		b, _ := strconv.ParseBool(x)
		return b
	case float64:
		return x != 0
	}
	return false
}

// ExtraFieldList is the answer listing extra fields.
func ExtraFieldList(list []*entity.ExtraField) Response {
	out := make([]any, len(list))
	for i, x := range list {
		out[i] = extraJSON(x)
	}
	return Response{Status: http.StatusOK, Data: out, Pagination: &Pagination{Count: int64(len(out)), Limit: len(out)}}
}

func extraJSON(x *entity.ExtraField) map[string]any {
	out := map[string]any{"contentType": x.Kind, "id": itoa(x.ID), "name": x.Name, "hrName": x.HrName,
		"type": x.Value().Name(), "isRequired": x.Required, "isMultiple": x.Multiple, "orderPos": x.OrderPos,
		"targetEntity": x.ContentType, "isSystem": false, "isSortable": true, "owner": nil}
	if x.Owner != nil {
		out["owner"] = value.EncodeLink(*x.Owner)
	}
	if x.Kind == "EnumField" {
		out["enumValues"] = x.EnumValues
	}
	return out
}

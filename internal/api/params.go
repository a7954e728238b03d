package api

import (
	"encoding/json"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// selection reads fields and onlyRequestedFields.
func selection(c *call, full bool) (entity.Selection, error) {
	sel := entity.Selection{Full: full}
	bad := &entity.Invalid{}
	if raw, ok := c.query["fields"]; ok {
		if json.Unmarshal(raw, &sel.Fields) != nil {
			var one string
			if json.Unmarshal(raw, &one) != nil {
				bad.Add("fields", entity.CodeBadParam, "")
			}
			for _, f := range strings.Split(one, ",") {
				if f = strings.TrimSpace(f); f != "" {
					sel.Fields = append(sel.Fields, f)
				}
			}
		}
	}
	if raw, ok := c.query["onlyRequestedFields"]; ok {
		v, err := value.Bool{}.Decode(raw)
		if err != nil {
			bad.Add("onlyRequestedFields", entity.CodeBadParam, "")
		}
		sel.Only = v == int64(1)
	}
	if len(bad.Errors) > 0 {
		return sel, bad
	}
	return sel, nil
}

// listQuery reads the list parameters of API v3.
func listQuery(c *call, typeName string) (entity.ListQuery, error) {
	var lq entity.ListQuery
	bad := &entity.Invalid{}
	if raw, ok := c.query["limit"]; ok {
		v, err := value.Integer{}.Decode(raw)
		n, _ := v.(int64)
		if err != nil || n < 1 {
			bad.Add("limit", entity.CodeBadParam, "")
		}
		lq.Limit = int(min(n, entity.MaxLimit))
	}
	for name, dst := range map[string]*int64{"pageAfter": &lq.PageAfter, "pageBefore": &lq.PageBefore, "pageWith": &lq.PageWith} {
		raw, ok := c.query[name]
		if !ok || string(raw) == "null" {
			continue
		}
		l, err := value.DecodeLink(raw, []string{typeName})
		if err != nil {
			bad.Add(name, entity.CodeBadParam, "")
			continue
		}
		*dst = l.ID
	}
	if raw, ok := c.query["sortBy"]; ok && string(raw) != "null" {
		var list []struct {
			FieldName string `json:"fieldName"`
			Desc      bool   `json:"desc"`
		}
		if json.Unmarshal(raw, &list) != nil {
			var one struct {
				FieldName string `json:"fieldName"`
				Desc      bool   `json:"desc"`
			}
			if json.Unmarshal(raw, &one) != nil {
				bad.Add("sortBy", entity.CodeBadParam, "")
			}
			list = append(list, one)
		}
		for _, s := range list {
			lq.Sort = append(lq.Sort, entity.SortField{Field: s.FieldName, Desc: s.Desc})
		}
	}
	if raw, ok := c.query["q"]; ok && string(raw) != "null" {
		if json.Unmarshal(raw, &lq.Q) != nil {
			bad.Add("q", entity.CodeBadParam, "")
		}
	}
	lq.Filter = c.query["filter"]
	if len(bad.Errors) > 0 {
		return lq, bad
	}
	return lq, nil
}

// queryString reads a string query parameter ("" when absent or not text).
func queryString(c *call, name string) string {
	var v string
	if raw, ok := c.query[name]; ok {
		_ = json.Unmarshal(raw, &v)
	}
	return v
}

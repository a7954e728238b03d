package api

import (
	"encoding/json"
	"strconv"
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

// idPaging reads limit and pageAfter: the id of the last change
// seen, as a number, a string or the FieldChange itself.
func idPaging(c *call) (int, int64, error) {
	limit := entity.DefaultLimit
	if raw, ok := queryRaw(c, "limit"); ok {
		if json.Unmarshal(raw, &limit) != nil || limit < 1 {
			return 0, 0, entity.Invalidf("limit", entity.CodeBadParam, "")
		}
		limit = min(limit, entity.MaxLimit)
	}
	raw, ok := queryRaw(c, "pageAfter")
	if !ok || string(raw) == "null" {
		return limit, 0, nil
	}
	var obj struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(raw, &obj) == nil && obj.ID != nil {
		raw = obj.ID
	}
	var id int64
	if json.Unmarshal(raw, &id) != nil {
		var str string
		if json.Unmarshal(raw, &str) != nil {
			return 0, 0, entity.Invalidf("pageAfter", entity.CodeBadParam, "")
		}
		var err error
		if id, err = strconv.ParseInt(str, 10, 64); err != nil {
			return 0, 0, entity.Invalidf("pageAfter", entity.CodeBadParam, "")
		}
	}
	return limit, id, nil
}

func queryRaw(c *call, name string) (json.RawMessage, bool) {
	raw, ok := c.query[name]
	return raw, ok
}

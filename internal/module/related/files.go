package related

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// CodeFileKind refuses an allFiles type that is none of fileKinds.
const CodeFileKind = "file_kind"

// fileKinds are the values of allFiles' type: the MIME type's first part,
// and "document" for every other file.
var fileKinds = map[string]bool{"image": true, "video": true, "audio": true, "document": true}

// files serves GET /{endpoint}/{id}/allFiles: the files attached to the
// entity and to its live comments, as a list of File with
// the usual paging and fields; q searches their names, type keeps one
// kind (fileKinds). The entity unseen is 404.
func (a *HTTP) files(endpoint string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		t := a.Engine.Cat.ByEndpoint(endpoint)
		id := r.IDs[0]
		if _, err := a.Engine.Get(ctx, r.Scope(), t.Name, id); err != nil {
			return r.Fail(err)
		}
		var kind string
		if raw, ok := r.TakeQuery("type"); ok && string(raw) != "null" {
			if json.Unmarshal(raw, &kind) != nil || !fileKinds[kind] {
				return r.FieldFail("type", CodeFileKind)
			}
		}
		lq, err := r.ListQuery("File")
		if err != nil {
			return r.Fail(err)
		}
		f, c := a.Engine.Cat.Type("File"), a.Engine.Cat.Type("Comment")
		subject, dropped := c.Table+"."+c.Field("subject").Column, c.Table+"."+c.Field("isDropped").Column
		lq.Where = append(lq.Where, entity.Condition{
			SQL: f.Table + `.id IN (SELECT dst_id FROM links WHERE account_id = ? AND src_type = ? AND src_id = ? AND field = 'attaches' AND dst_type = 'File'
				UNION SELECT l.dst_id FROM ` + c.Table + ` JOIN links l ON l.account_id = ` + c.Table + `.account_id AND l.src_type = 'Comment'
					AND l.src_id = ` + c.Table + `.id AND l.field = 'attaches' AND l.dst_type = 'File'
				WHERE ` + c.Table + `.account_id = ? AND ` + subject + `_t = ? AND ` + subject + `_i = ? AND COALESCE(` + dropped + `, 0) = 0)`,
			Args: []any{r.Scope().Account, t.Name, id, r.Scope().Account, t.Name, id}})
		if kind != "" {
			lq.Where = append(lq.Where, kindCondition(f.Table+"."+f.Field("mimeType").Column, kind))
		}
		return r.Page(ctx, "File", lq)
	}
}

// kindCondition keeps the files of one kind by their MIME type.
func kindCondition(col, kind string) entity.Condition {
	if kind == "document" {
		return entity.Condition{SQL: "COALESCE(" + col + ", '') NOT LIKE 'image/%' AND COALESCE(" + col + ", '') NOT LIKE 'video/%' AND COALESCE(" + col + ", '') NOT LIKE 'audio/%'"}
	}
	return entity.Condition{SQL: col + " LIKE ?", Args: []any{kind + "/%"}}
}

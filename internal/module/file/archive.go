package file

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// archiveName is the name of the File GET /attache/archive makes.
const archiveName = "files.zip"

// archive serves GET /attache/archive?{"files":[id, …]}: as in the
// reference, it answers a File, here a new zip of the files named (each
// one the caller can see; any other is a 404), uploaded in the caller's
// name and downloaded from its path like any other.
func (a *HTTP) archive(ctx context.Context, r *api.Request) api.Response {
	ids, ok := archiveIDs(r)
	if !ok {
		return r.FieldFail("files", entity.CodeRequired)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	taken := map[string]bool{}
	for _, id := range ids {
		rec, data, err := a.Files.Open(ctx, r.Scope(), id)
		if err != nil {
			return r.Fail(err)
		}
		name, _ := rec.Values["name"].(string)
		// Two files of one name would overwrite each other when unpacked.
		if taken[name] {
			name = strconv.FormatInt(id, 10) + "-" + name
		}
		taken[name] = true
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: a.Files.e.Now()})
		if err == nil {
			_, err = w.Write(data)
		}
		if err != nil {
			return r.Fail(err)
		}
		if buf.Len() > MaxSize {
			return api.Response{Status: http.StatusRequestEntityTooLarge, Errors: []api.ErrorEntry{{Field: "files",
				Message: r.Message(CodeTooLarge, strconv.Itoa(MaxSize>>20)), Type: CodeTooLarge}}}
		}
	}
	if err := zw.Close(); err != nil {
		return r.Fail(err)
	}
	rec, err := a.Files.Upload(ctx, r.Scope(), archiveName, "application/zip", buf.Bytes())
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

// archiveIDs reads the files parameter: ids as numbers or strings, at
// least one, each named once.
func archiveIDs(r *api.Request) ([]int64, bool) {
	raw, ok := r.Query("files")
	var items []json.RawMessage
	if !ok || json.Unmarshal(raw, &items) != nil || len(items) == 0 {
		return nil, false
	}
	seen := map[int64]bool{}
	var ids []int64
	for _, it := range items {
		var s string
		if json.Unmarshal(it, &s) != nil {
			s = string(it)
		}
		id, err := strconv.ParseInt(s, 10, 64)
		if err != nil || id <= 0 {
			return nil, false
		}
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids, true
}

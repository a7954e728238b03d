package file

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// Resumable uploads (Artel's own routes, shaped like tus):
//
//	POST  /api/v3/file/upload       {"name","size","contentType"} → the session
//	GET   /api/v3/file/upload/{id}  → the session, with the offset to send from
//	PATCH /api/v3/file/upload/{id}  Upload-Offset: n, the raw bytes of a chunk
//	      → the session; the last chunk's answer holds the File ("file")
func (a *HTTP) uploadRoutes(rt *api.Routes) {
	rt.Handle("POST /file/upload", a.startUpload)
	rt.Describe("POST /file/upload", [2]string{"Начало возобновляемой загрузки файла", "Start a resumable file upload"})
	rt.Handle("GET /file/upload/{id}", a.getUpload)
	rt.Describe("GET /file/upload/{id}", [2]string{"Состояние возобновляемой загрузки", "A resumable upload's state"})
	rt.Raw("PATCH /file/upload/{id}", a.patchUpload)
	rt.Messages(map[string][2]string{
		CodeOffset: {"Часть файла отправлена не с того места, продолжите с указанного", "The chunk was sent from the wrong offset; resume from the one given"},
		CodeSize:   {"Укажите размер файла", "Give the file's size"},
	})
}

func (a *HTTP) startUpload(ctx context.Context, r *api.Request) api.Response {
	var in struct {
		Name        string `json:"name"`
		Size        int64  `json:"size"`
		ContentType string `json:"contentType"`
	}
	if err := json.Unmarshal(r.Body(), &in); err != nil {
		return r.FieldFail("size", CodeSize)
	}
	u, err := a.Files.StartUpload(ctx, r.Scope(), in.Name, in.ContentType, in.Size)
	if err != nil {
		return uploadFail(r, err)
	}
	return api.Response{Status: http.StatusOK, Data: uploadJSON(u)}
}

func (a *HTTP) getUpload(ctx context.Context, r *api.Request) api.Response {
	u, err := a.Files.GetUpload(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.Response{Status: http.StatusOK, Data: uploadJSON(u)}
}

// patchUpload streams one chunk to the store: never more of the body is
// read than the file has left.
func (a *HTTP) patchUpload(w http.ResponseWriter, hr *http.Request, r *api.Request) {
	off, err := strconv.ParseInt(hr.Header.Get("Upload-Offset"), 10, 64)
	if err != nil || off < 0 {
		r.FieldFail("offset", CodeOffset).Write(w)
		return
	}
	ctx := hr.Context()
	u, rec, err := a.Files.WriteChunk(ctx, r.Scope(), r.IDs[0], off, hr.Body)
	if u != nil {
		w.Header().Set("Upload-Offset", strconv.FormatInt(u.Received, 10))
	}
	if err != nil {
		uploadFail(r, err).Write(w)
		return
	}
	data := uploadJSON(u)
	if rec != nil {
		out, err := r.Encode(ctx, []*entity.Record{rec}, entity.Selection{Full: true})
		if err != nil {
			r.Fail(err).Write(w)
			return
		}
		data["file"] = out[0]
	}
	api.Response{Status: http.StatusOK, Data: data}.Write(w)
}

// uploadFail words the refusals: too large 413, the wrong offset 409
// (the answer's Upload-Offset says where to resume), the rest as usual.
func uploadFail(r *api.Request, err error) api.Response {
	var inv *entity.Invalid
	switch {
	case errors.Is(err, ErrOffset):
		return api.Response{Status: http.StatusConflict, Errors: []api.ErrorEntry{{Field: "offset",
			Message: r.Message(CodeOffset), Type: CodeOffset}}}
	case errors.As(err, &inv) && len(inv.Errors) == 1 && inv.Errors[0].Code == CodeTooLarge:
		return api.Response{Status: http.StatusRequestEntityTooLarge, Errors: []api.ErrorEntry{{Field: "file",
			Message: r.Message(CodeTooLarge, inv.Errors[0].Param), Type: CodeTooLarge}}}
	}
	return r.Fail(err)
}

func uploadJSON(u *Upload) map[string]any {
	return map[string]any{"contentType": "FileUpload", "id": strconv.FormatInt(u.ID, 10), "name": u.Name,
		"size": u.Size, "offset": u.Received, "expiresAt": u.ExpiresAt.UTC().Format(time.RFC3339)}
}

package file

import (
	"context"
	"errors"
	"io"
	"mime"
	"net/http"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/httpin"
)

// uploadFile answers POST /file: the multipart body's file part streams
// to the store as it arrives (never held whole in memory), up to the
// store's limit (file.go limit, the wording of spec 001 section 8). One
// file a call: a second file part is refused and the first one, already
// stored, is removed. Other form fields are skipped.
func (a *HTTP) uploadFile(w http.ResponseWriter, hr *http.Request, r *api.Request) {
	ctx := hr.Context()
	fail := func(status int, code string, args ...string) {
		api.Response{Status: status, Errors: []api.ErrorEntry{{Field: "file", Message: r.Message(code, args...), Type: code}}}.Write(w)
	}
	sel, err := r.Selection(true)
	if err != nil {
		r.Fail(err).Write(w)
		return
	}
	if mt, _, err := mime.ParseMediaType(hr.Header.Get("Content-Type")); err != nil || mt != "multipart/form-data" {
		// Not a form with files: read as any body is (413, 415, 400 as
		// there); a JSON File body would make an entity without bytes.
		if _, err := httpin.ReadBody(w, hr, api.MaxBody); err != nil {
			r.InputFail(err).Write(w)
			return
		}
		fail(http.StatusUnprocessableEntity, CodeRequired)
		return
	}
	malformed := func(err error) api.Response {
		return r.InputFail(&httpin.Error{Status: http.StatusBadRequest, Code: httpin.CodeMalformedForm, Message: err.Error()})
	}
	mr, err := hr.MultipartReader()
	if err != nil {
		malformed(err).Write(w)
		return
	}
	var rec *entity.Record
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			a.dropMade(ctx, r, rec)
			malformed(err).Write(w)
			return
		}
		if part.FileName() == "" {
			_, _ = io.Copy(io.Discard, part)
			continue
		}
		if rec != nil {
			a.dropMade(ctx, r, rec)
			fail(http.StatusUnprocessableEntity, CodeTooMany)
			return
		}
		rec, err = a.Files.UploadStream(ctx, r.Scope(), part.FileName(), part.Header.Get("Content-Type"), part, -1)
		if err != nil {
			uploadFail(r, err).Write(w)
			return
		}
	}
	if rec == nil {
		fail(http.StatusUnprocessableEntity, CodeRequired)
		return
	}
	r.One(ctx, rec, sel).Write(w)
}

// dropMade removes the file this call already stored, when the call is
// refused after it (nothing half-written stays).
func (a *HTTP) dropMade(ctx context.Context, r *api.Request, rec *entity.Record) {
	if rec != nil {
		_ = a.Files.e.Delete(context.WithoutCancel(ctx), r.Scope(), "File", rec.ID)
	}
}

package file

import (
	"context"
	"net/http"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/httpin"
)

// The reference's own upload is POST /api/file, outside /api/v3: a
// multipart body with one or several parts named "files[]", answered with
// the File list in the order sent. All the files are stored in one
// transaction, so a refused one leaves none of the others behind.

// filesPart is the part name the reference's clients send.
const filesPart = "files[]"

func (a *HTTP) uploadFiles(ctx context.Context, r *api.Request) api.Response {
	var parts []httpin.File
	for _, f := range r.Files() {
		if f.Field == filesPart {
			parts = append(parts, f)
		}
	}
	if len(parts) == 0 {
		return api.Response{Status: http.StatusUnprocessableEntity, Errors: []api.ErrorEntry{{Field: filesPart,
			Message: r.Message(CodeRequired), Type: CodeRequired}}}
	}
	for _, f := range parts {
		if len(f.Data) > MaxSize {
			return api.Response{Status: http.StatusRequestEntityTooLarge, Errors: []api.ErrorEntry{{Field: filesPart,
				Message: r.Message(CodeTooLarge, strconv.Itoa(MaxSize>>20)), Type: CodeTooLarge}}}
		}
	}
	sel, err := r.Selection(true)
	if err != nil {
		return r.Fail(err)
	}
	recs := make([]*entity.Record, 0, len(parts))
	err = a.Files.e.DB.WithTx(ctx, func(ctx context.Context) error {
		for _, f := range parts {
			rec, err := a.Files.Upload(ctx, r.Scope(), f.Name, f.ContentType, f.Data)
			if err != nil {
				return err
			}
			recs = append(recs, rec)
		}
		return nil
	})
	if err != nil {
		return r.Fail(err)
	}
	data, err := r.Encode(ctx, recs, sel)
	if err != nil {
		return r.Fail(err)
	}
	return api.Response{Status: http.StatusOK, Data: data}
}

// shareURL answers GET /attache/shareUrl/{id} with the reference's
// ShareUrl. Artel has no anonymous links: the link is the file's download
// address (as its path, relative to this server), which asks the reader to
// sign in, so sharing it
// never widens who can read the file. A file the caller cannot see is a
// 404, as everywhere.
func (a *HTTP) shareURL(ctx context.Context, r *api.Request) api.Response {
	if _, err := a.Files.e.Get(ctx, r.Scope(), "File", r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"contentType": "ShareUrl", "id": strconv.FormatInt(r.IDs[0], 10),
		"link": DownloadPath(r.IDs[0])})
}

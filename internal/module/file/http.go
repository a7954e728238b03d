package file

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/klauspost/compress/gzhttp"

	"github.com/artel/artel/internal/api"
)

// Uploads and downloads of files (internal/module/file). Beside the
// reference's POST /api/file (http_beside.go), Artel's own upload is
// POST /api/v3/file with a multipart body holding one file part named
// "file"; the answer is the File, whose path is its download address.
// HTTP is the upload and download routes.
type HTTP struct {
	Files *Files
}

// Routes registers POST /file, the reference's POST /api/file (beside
// /api/v3), GET /file/{id}/download, GET /attache/shareUrl/{id},
// GET /attache/archive and the wording.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Raw("POST /file", a.uploadFile)
	rt.Describe("POST /file", [2]string{"Загрузка файла: multipart, одна часть file", "Upload a file: multipart, one part named file"})
	rt.Beside("POST /api/file", a.uploadFiles)
	rt.Handle("GET /attache/shareUrl/{id}", a.shareURL)
	rt.Handle("GET /attache/archive", a.archive)
	rt.Download("/file/{id}/download", a.serveDownload)
	a.uploadRoutes(rt)
	rt.Handle("GET /diskSpace", a.diskSpace)
	rt.Messages(map[string][2]string{
		CodeRequired: {"Прикрепите файл", "Attach a file"},
		CodeTooMany:  {"Можно загрузить только один файл за раз", "Upload one file at a time"},
		// %s: the limit in MB, which depends on the store (file.go tooLarge).
		CodeTooLarge: {"Файл больше %s МБ", "File larger than %s MB"},
		CodeQuota:    {"Недостаточно места в файловом хранилище", "Not enough space in the file storage"},
	})
}

// serveDownload answers GET /file/{id}/download with the bytes themselves,
// not an envelope (errors still come in the envelope). The bytes stream
// from the store; Range requests are answered (http.ServeContent), so a
// video or PDF can seek.
func (a *HTTP) serveDownload(w http.ResponseWriter, hr *http.Request, r *api.Request) {
	rec, o, err := a.Files.OpenObject(hr.Context(), r.Scope(), r.IDs[0])
	if err != nil {
		r.Fail(err).Write(w)
		return
	}
	defer o.Close()
	name, _ := rec.Values["name"].(string)
	ct, _ := rec.Values["mimeType"].(string)
	if ct == "" {
		ct = "application/octet-stream"
	}
	h := w.Header()
	h.Set("Content-Type", ct)
	h.Set("Content-Disposition", Disposition(name))
	// Always an attachment, never sniffed, never run: an uploaded HTML
	// page must not act as this site's page.
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	h.Set("Cache-Control", "private, no-store")
	// Not gzipped on the way: a compressed answer could not serve ranges,
	// and most files (images, PDF, archives) are compressed already.
	h.Set(gzhttp.HeaderNoCompression, "1")
	http.ServeContent(w, hr, "", time.Time{}, o)
}

// diskSpace answers GET /diskSpace: the account's used bytes, its quota
// (total) and what is left; with no quota total and free are 0, as
// accountInfo's maxDiskSpace is.
func (a *HTTP) diskSpace(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	used, err := a.Files.UsedBytes(ctx, sc.Account)
	if err != nil {
		return r.Fail(err)
	}
	total := a.Files.Quota
	return api.Response{Status: http.StatusOK, Data: map[string]any{"contentType": "DiskSpace",
		"id": strconv.FormatInt(sc.Account, 10), "total": total, "used": used, "free": max(total-used, 0)}}
}

package api

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/artel/artel/internal/module/file"
)

// Uploads and downloads of files (internal/module/file). The reference
// has no upload route, so Artel's is POST /file with a multipart body
// holding one file part named "file"; the answer is the File, whose path
// is its download address.
func init() {
	routeSets = append(routeSets, map[string]handler{
		"POST /file": (*Server).uploadFile,
	})
	messages[file.CodeRequired] = [2]string{"Прикрепите файл", "Attach a file"}
	messages[file.CodeTooMany] = [2]string{"Можно загрузить только один файл за раз", "Upload one file at a time"}
	messages[file.CodeTooLarge] = [2]string{
		fmt.Sprintf("Файл больше %d МБ", file.MaxSize>>20), fmt.Sprintf("File larger than %d MB", file.MaxSize>>20)}
}

func (s *Server) uploadFile(ctx context.Context, c *call, _ []int64) Response {
	switch {
	case len(c.files) == 0:
		// A JSON File body would make an entity without bytes.
		return Response{Status: http.StatusUnprocessableEntity, Errors: []ErrorEntry{{Field: "file",
			Message: c.say(file.CodeRequired), Type: file.CodeRequired}}}
	case len(c.files) > 1:
		return Response{Status: http.StatusUnprocessableEntity, Errors: []ErrorEntry{{Field: "file",
			Message: c.say(file.CodeTooMany), Type: file.CodeTooMany}}}
	case len(c.files[0].Data) > file.MaxSize:
		return Response{Status: http.StatusRequestEntityTooLarge, Errors: []ErrorEntry{{Field: "file",
			Message: c.say(file.CodeTooLarge), Type: file.CodeTooLarge}}}
	}
	sel, err := selection(c, true)
	if err != nil {
		return s.errorResponse(c, err)
	}
	f := c.files[0]
	rec, err := s.Files.Upload(ctx, c.sc, f.Name, f.ContentType, f.Data)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return s.encodeOne(ctx, c, rec, sel)
}

// serveDownload answers GET /file/{id}/download with the bytes themselves,
// not an envelope, so it is served before dispatch (and not in bulk).
// Errors still come in the envelope.
// isDownload: GET or HEAD /api/v3/file/{id}/download, which answers with
// the file's bytes instead of an envelope.
func isDownload(r *http.Request, c *call) bool {
	return len(c.segs) == 3 && c.segs[0] == "file" && c.segs[2] == "download" &&
		(r.Method == http.MethodGet || r.Method == http.MethodHead)
}

func (s *Server) serveDownload(w http.ResponseWriter, r *http.Request, c *call) {
	id, okID := parseID(c.segs[1])
	if !okID {
		s.notFound(c).write(w)
		return
	}
	rec, data, err := s.Files.Open(r.Context(), c.sc, id)
	if err != nil {
		s.errorResponse(c, err).write(w)
		return
	}
	name, _ := rec.Values["name"].(string)
	ct, _ := rec.Values["mimeType"].(string)
	if ct == "" {
		ct = "application/octet-stream"
	}
	h := w.Header()
	h.Set("Content-Type", ct)
	h.Set("Content-Length", strconv.Itoa(len(data)))
	h.Set("Content-Disposition", file.Disposition(name))
	// Always an attachment, never sniffed, never run: an uploaded HTML
	// page must not act as this site's page.
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	h.Set("Cache-Control", "private, no-store")
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		_, _ = w.Write(data)
	}
}

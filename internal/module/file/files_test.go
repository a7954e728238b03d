package file_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/file"
)

// fileRows counts File entities and stored bytes, to show a refused
// upload wrote nothing.
func fileRows(t *testing.T, h *apitest.Harness) (files, blobs int) {
	t.Helper()
	ctx := context.Background()
	if err := h.DB.Q(ctx).QueryRowContext(ctx, "SELECT COUNT(*) FROM e_file").Scan(&files); err != nil {
		t.Fatal(err)
	}
	if err := h.DB.Q(ctx).QueryRowContext(ctx, "SELECT COUNT(*) FROM file_blobs").Scan(&blobs); err != nil {
		t.Fatal(err)
	}
	return files, blobs
}

func TestFileUploadAndDownload(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		data := append([]byte("%PDF-1.4\n"), bytes.Repeat([]byte{0, 1, 2, 255}, 1000)...)
		r := h.Upload(t, "", "Отчёт за март.pdf", data)
		if r.Status != 200 {
			t.Fatalf("upload: %d %s", r.Status, r.Body)
		}
		f := r.Obj()
		id := f["id"].(string)
		if f["contentType"] != "File" || f["name"] != "Отчёт за март.pdf" || f["extension"] != "pdf" ||
			f["size"] != float64(len(data)) || f["mimeType"] != "application/pdf" || f["path"] != "/api/v3/file/"+id+"/download" {
			t.Fatalf("file: %v", f)
		}
		got := h.Do("GET", "/api/v3/file/"+id, apitest.Req{})
		if got.Status != 200 || got.Obj()["path"] != f["path"] {
			t.Fatalf("read: %d %s", got.Status, got.Body)
		}
		d := h.Do("GET", f["path"].(string), apitest.Req{})
		if d.Status != 200 || !bytes.Equal(d.Body, data) {
			t.Fatalf("download: %d, %d bytes", d.Status, len(d.Body))
		}
		if d.Header.Get("Content-Type") != "application/pdf" || d.Header.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.Contains(d.Header.Get("Content-Disposition"), "filename*=UTF-8''%D0%9E%D1%82%D1%87%D1%91%D1%82%20%D0%B7%D0%B0%20%D0%BC%D0%B0%D1%80%D1%82.pdf") ||
			!strings.HasPrefix(d.Header.Get("Content-Disposition"), "attachment; ") {
			t.Fatalf("headers: %v", d.Header)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "unknown file", Method: "GET", Path: "/api/v3/file/999999/download", Status: 404, Contains: []string{`"not_found"`}},
			{Name: "files are not edited", Method: "POST", Path: "/api/v3/file/" + id, Status: 403,
				Req: apitest.Req{Body: map[string]any{"name": "x.pdf"}}},
		})
	})
}

func TestFileVisibility(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		w := apitest.NewDiscussion(t, h) // Lev responsible for the task, Mira a stranger
		r := h.Upload(t, w.Lev, "plan.txt", []byte("план работ"))
		if r.Status != 200 {
			t.Fatalf("upload: %d %s", r.Status, r.Body)
		}
		id := r.Obj()["id"].(string)
		dl := "/api/v3/file/" + id + "/download"
		link := map[string]any{"contentType": "File", "id": id}
		h.Run(t, []apitest.Scenario{
			{Name: "uploader downloads", Method: "GET", Path: dl, Status: 200, Req: apitest.Req{Token: w.Lev}, Contains: []string{"план работ"}},
			{Name: "a stranger cannot", Method: "GET", Path: dl, Status: 404, Req: apitest.Req{Token: w.Mira}},
			{Name: "nor read it", Method: "GET", Path: "/api/v3/file/" + id, Status: 404, Req: apitest.Req{Token: w.Mira}},
			{Name: "nor delete it", Method: "DELETE", Path: "/api/v3/file/" + id, Status: 404, Req: apitest.Req{Token: w.Mira}},
			{Name: "an administrator can", Method: "GET", Path: dl, Status: 200},
		})
		// A comment with only the file: accepted, and the file is then seen
		// by whoever sees the comment.
		c := w.Post(t, w.Lev, map[string]any{"content": "", "attaches": []any{link}})
		if a, _ := c["attaches"].([]any); len(a) != 1 {
			t.Fatalf("comment attaches: %v", c)
		}
		// Nina, an auditor of the task, reads the comment, so the file too.
		nina := h.NewUser(t, "nina@example.com")
		ninaID := h.Do("GET", "/api/v3/currentUser", apitest.Req{Token: nina}).Obj()["id"].(string)
		if r := h.Do("POST", w.TaskPath, apitest.Req{Body: map[string]any{
			"auditors": []any{map[string]any{"contentType": "Employee", "id": ninaID}}}}); r.Status != 200 {
			t.Fatalf("auditor: %s", r.Body)
		}
		if r := h.Do("GET", dl, apitest.Req{Token: nina}); r.Status != 200 || string(r.Body) != "план работ" {
			t.Fatalf("a reader of the comment: %d %s", r.Status, r.Body)
		}
		if r := h.Do("DELETE", "/api/v3/file/"+id, apitest.Req{Token: nina}); r.Status != 403 {
			t.Fatalf("a reader deleted the file: %d %s", r.Status, r.Body)
		}
		// Mira cannot attach a file she cannot see, on a subject of her own.
		mine := h.Do("POST", "/api/v3/task", apitest.Req{Token: w.Mira, Body: map[string]any{"name": "Своя"}})
		if mine.Status != 200 {
			t.Fatalf("task: %s", mine.Body)
		}
		h.Run(t, []apitest.Scenario{
			{Name: "someone else's file", Method: "POST", Path: "/api/v3/task/" + mine.Obj()["id"].(string) + "/comments", Status: 422,
				Req: apitest.Req{Token: w.Mira, Body: map[string]any{"attaches": []any{link}}}, Contains: []string{`"link_not_found"`}},
			{Name: "still hidden from her", Method: "GET", Path: dl, Status: 404, Req: apitest.Req{Token: w.Mira}},
			{Name: "no text and no file", Method: "POST", Path: w.ListPath, Status: 422,
				Req: apitest.Req{Token: w.Lev, Body: map[string]any{"content": "", "attaches": []any{}}}, Contains: []string{`"comment_empty"`}},
		})
		// Emptying the text of a comment: its files keep it; without files
		// it is refused.
		text := w.Post(t, w.Lev, map[string]any{"content": "только текст"})
		h.Run(t, []apitest.Scenario{
			{Name: "a file comment's text emptied", Method: "POST", Path: "/api/v3/comment/" + c["id"].(string), Status: 200,
				Req: apitest.Req{Token: w.Lev, Body: map[string]any{"content": " "}}},
			{Name: "a text comment emptied", Method: "POST", Path: "/api/v3/comment/" + text["id"].(string), Status: 422,
				Req: apitest.Req{Token: w.Lev, Body: map[string]any{"content": "<p></p>"}}, Contains: []string{`"comment_empty"`}},
		})
		// Deleting the file by its uploader takes its bytes.
		if d := h.Do("DELETE", "/api/v3/file/"+id, apitest.Req{Token: w.Lev}); d.Status != 200 {
			t.Fatalf("delete: %d %s", d.Status, d.Body)
		}
		if files, blobs := fileRows(t, h); files != 0 || blobs != 0 {
			t.Fatalf("after delete: %d files, %d blobs", files, blobs)
		}
	})
}

func TestFileBadUploads(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		noFile, noFileCT := apitest.Multipart(t, "file", nil)
		two, twoCT := apitest.Multipart(t, "file", map[string][]byte{"a.txt": []byte("a"), "b.txt": []byte("b")})
		h.Run(t, []apitest.Scenario{
			{Name: "no file part", Method: "POST", Path: "/api/v3/file", Status: 422,
				Req: apitest.Req{Body: noFile, ContentType: noFileCT}, Contains: []string{`"file_required"`}},
			{Name: "a JSON File", Method: "POST", Path: "/api/v3/file", Status: 422,
				Req: apitest.Req{Body: map[string]any{"name": "a.txt", "extension": "txt", "size": 1, "path": "/x"}}, Contains: []string{`"file_required"`}},
			{Name: "two files", Method: "POST", Path: "/api/v3/file", Status: 422,
				Req: apitest.Req{Body: two, ContentType: twoCT}, Contains: []string{`"file_too_many"`}},
			{Name: "not a form", Method: "POST", Path: "/api/v3/file", Status: 415,
				Req: apitest.Req{Body: "bytes", ContentType: "application/pdf"}},
		})
		big := h.Upload(t, "", "big.bin", make([]byte, file.MaxSize+1))
		if st := os.Getenv("ARTEL_TEST_STORAGE"); st != "" && st != "db" {
			// On disk or S3 the file streams to the store, up to its own
			// limit (ARTEL_UPLOAD_MAX_MB), as a resumable upload does.
			if big.Status != 200 || big.Obj()["size"] != float64(file.MaxSize+1) {
				t.Fatalf("past 25 MB on %s: %d %s", st, big.Status, big.Body)
			}
			if d := h.Do("DELETE", "/api/v3/file/"+big.Obj()["id"].(string), apitest.Req{}); d.Status != 200 {
				t.Fatalf("delete: %d %s", d.Status, d.Body)
			}
		} else if big.Status != 413 || !strings.Contains(string(big.Body), `"file_too_large"`) || !strings.Contains(string(big.Body), "25") {
			t.Fatalf("too large: %d %s", big.Status, big.Body)
		}
		if files, blobs := fileRows(t, h); files != 0 || blobs != 0 {
			t.Fatalf("refused uploads wrote %d files, %d blobs", files, blobs)
		}
		if r := h.Upload(t, "", "exact.bin", make([]byte, file.MaxSize)); r.Status != 200 {
			t.Fatalf("at the limit: %d %s", r.Status, r.Body)
		}
	})
}

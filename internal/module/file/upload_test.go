package file_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// chunk sends bytes of a resumable upload from offset.
func chunk(t *testing.T, h *apitest.Harness, id string, offset int, data []byte) *apitest.Resp {
	t.Helper()
	return h.Do("PATCH", "/api/v3/file/upload/"+id, apitest.Req{Body: string(data), ContentType: "application/offset+octet-stream",
		Headers: map[string]string{"Upload-Offset": strconv.Itoa(offset)}})
}

func used(t *testing.T, h *apitest.Harness) float64 {
	t.Helper()
	n, _ := h.Do("GET", "/api/v3/accountInfo", apitest.Req{}).Obj()["usedMemory"].(float64)
	return n
}

func TestResumableUpload(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		data := append([]byte("%PDF-1.4\n"), bytes.Repeat([]byte("стр. "), 60_000)...)
		s := h.Do("POST", "/api/v3/file/upload", apitest.Req{Body: map[string]any{"name": "../../отчёт.pdf", "size": len(data)}})
		if s.Status != 200 || s.Obj()["offset"] != 0.0 || s.Obj()["name"] != "отчёт.pdf" {
			t.Fatalf("start: %d %s", s.Status, s.Body)
		}
		id := s.Obj()["id"].(string)
		if r := chunk(t, h, id, 0, data[:100_000]); r.Status != 200 || r.Obj()["offset"] != 100_000.0 || r.Obj()["file"] != nil {
			t.Fatalf("first chunk: %d %s", r.Status, r.Body)
		}
		// A retry of a chunk already taken is refused with where to resume.
		r := chunk(t, h, id, 0, data[:100_000])
		if r.Status != 409 || r.Header.Get("Upload-Offset") != "100000" || r.JSON["meta"] == nil {
			t.Fatalf("stale offset: %d %v %s", r.Status, r.Header, r.Body)
		}
		if g := h.Do("GET", "/api/v3/file/upload/"+id, apitest.Req{}); g.Obj()["offset"] != 100_000.0 {
			t.Fatalf("state: %s", g.Body)
		}
		// Someone else cannot see or feed the session.
		other := h.NewUser(t, "nina")
		if g := h.Do("GET", "/api/v3/file/upload/"+id, apitest.Req{Token: other}); g.Status != 404 {
			t.Fatalf("other's session: %d", g.Status)
		}
		r = chunk(t, h, id, 100_000, data[100_000:])
		f, _ := r.Obj()["file"].(map[string]any)
		if r.Status != 200 || f == nil || f["mimeType"] != "application/pdf" || f["size"] != float64(len(data)) {
			t.Fatalf("last chunk: %d %s", r.Status, r.Body)
		}
		if g := h.Do("GET", "/api/v3/file/upload/"+id, apitest.Req{}); g.Status != 404 {
			t.Fatalf("finished session still there: %d", g.Status)
		}
		got := h.Do("GET", f["path"].(string), apitest.Req{})
		if got.Status != 200 || !bytes.Equal(got.Body, data) || got.Header.Get("Accept-Ranges") != "bytes" {
			t.Fatalf("download: %d %d bytes %v", got.Status, len(got.Body), got.Header)
		}
		rg := h.Do("GET", f["path"].(string), apitest.Req{Headers: map[string]string{"Range": "bytes=9-18"}})
		if rg.Status != http.StatusPartialContent || !bytes.Equal(rg.Body, data[9:19]) {
			t.Fatalf("range: %d %q", rg.Status, rg.Body)
		}
		if u := used(t, h); u != float64(len(data)) {
			t.Fatalf("usedMemory %v, want %d", u, len(data))
		}
		if d := h.Do("DELETE", "/api/v3/file/"+f["id"].(string), apitest.Req{}); d.Status != 200 {
			t.Fatalf("delete: %d %s", d.Status, d.Body)
		}
		if u := used(t, h); u != 0 {
			t.Fatalf("usedMemory after delete %v", u)
		}
	})
}

func TestResumableUploadRefusals(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		for _, body := range []map[string]any{{"name": "a.txt"}, {"name": "a.txt", "size": -1}} {
			if r := h.Do("POST", "/api/v3/file/upload", apitest.Req{Body: body}); r.Status != 422 {
				t.Fatalf("%v: %d %s", body, r.Status, r.Body)
			}
		}
		// The wording names the store's limit: 25 MB in the database, ARTEL_UPLOAD_MAX_MB on disk or S3.
		limit := map[string]string{"": "25", "db": "25", "disk": "4096", "s3": "4096", "s3ext": "4096"}[os.Getenv("ARTEL_TEST_STORAGE")]
		if r := h.Do("POST", "/api/v3/file/upload", apitest.Req{Body: map[string]any{"name": "a", "size": int64(1) << 50}}); r.Status != 413 ||
			!bytes.Contains(r.Body, []byte(`"message":"Файл больше `+limit+` МБ"`)) {
			t.Fatalf("huge: %d %s", r.Status, r.Body)
		}
		st := h.Do("POST", "/api/v3/file/upload", apitest.Req{Body: map[string]any{"name": "a.txt", "size": 10}})
		id, ok := st.Obj()["id"].(string)
		if !ok {
			t.Fatalf("start: %d %s", st.Status, st.Body)
		}
		if r := chunk(t, h, id, 0, []byte("more than ten bytes")); r.Status != 413 {
			t.Fatalf("past the size: %d %s", r.Status, r.Body)
		}
		if r := h.Do("PATCH", "/api/v3/file/upload/"+id, apitest.Req{Body: "x"}); r.Status != 422 {
			t.Fatalf("no offset: %d %s", r.Status, r.Body)
		}
		if r := chunk(t, h, "999999", 0, []byte("x")); r.Status != 404 {
			t.Fatalf("no session: %d", r.Status)
		}
		if r := chunk(t, h, id, 0, []byte("12345")); r.Status != 200 {
			t.Fatalf("chunk: %d %s", r.Status, r.Body)
		}
		// The job removes a session left past its expiry, with its parts.
		for _, tk := range h.Srv.Tickers {
			if tk.Name == "file.uploads" {
				if err := tk.Run(context.Background(), time.Now().Add(25*time.Hour)); err != nil {
					t.Fatal(err)
				}
			}
		}
		var n int
		if err := h.DB.Q(context.Background()).QueryRowContext(context.Background(), "SELECT COUNT(*) FROM file_uploads").Scan(&n); err != nil || n != 0 {
			t.Fatalf("sessions left: %d %v", n, err)
		}
	})
}

func TestQuota(t *testing.T) {
	t.Setenv("ARTEL_STORAGE_QUOTA_MB", "1")
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		if r := h.Upload(t, "", "a.bin", make([]byte, 600<<10)); r.Status != 200 {
			t.Fatalf("first: %d %s", r.Status, r.Body)
		}
		files, blobs := fileRows(t, h)
		r := h.Upload(t, "", "b.bin", make([]byte, 600<<10))
		if r.Status != 422 || fmt.Sprint(r.JSON["meta"]) == "" || !bytes.Contains(r.Body, []byte("Недостаточно места в файловом хранилище")) {
			t.Fatalf("over quota: %d %s", r.Status, r.Body)
		}
		if f, b := fileRows(t, h); f != files || b != blobs {
			t.Fatalf("a refused upload wrote rows: %d %d", f, b)
		}
		s := h.Do("POST", "/api/v3/file/upload", apitest.Req{Body: map[string]any{"name": "c.bin", "size": 600 << 10}})
		if s.Status != 422 {
			t.Fatalf("resumable over quota: %d %s", s.Status, s.Body)
		}
		if u := used(t, h); u != 600<<10 {
			t.Fatalf("usedMemory %v", u)
		}
		ds := h.Do("GET", "/api/v3/diskSpace", apitest.Req{}).Obj()
		if ds["total"] != float64(1<<20) || ds["used"] != float64(600<<10) || ds["free"] != float64(1<<20-600<<10) {
			t.Fatalf("diskSpace: %v", ds)
		}
		if m := h.Do("GET", "/api/v3/accountInfo", apitest.Req{}).Obj()["maxDiskSpace"]; m != float64(1<<20) {
			t.Fatalf("maxDiskSpace: %v", m)
		}
	})
}

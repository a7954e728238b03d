package file_test

import (
	"archive/zip"
	"bytes"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// filesBody is the multipart body a reference client sends to
// POST /api/file, byte for byte: parts named "files[]".
func filesBody(parts ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(parts); i += 2 {
		b.WriteString("--XyZ\r\nContent-Disposition: form-data; name=\"files[]\"; filename=\"" + parts[i] +
			"\"\r\nContent-Type: text/plain\r\n\r\n" + parts[i+1] + "\r\n")
	}
	return b.String() + "--XyZ--\r\n"
}

const filesType = "multipart/form-data; boundary=XyZ"

func TestReferenceUploadRoute(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		h.Run(t, []apitest.Scenario{
			{Name: "two files", Method: "POST", Path: "/api/file", Status: 200,
				Req: apitest.Req{Body: filesBody("a.txt", "первый", "b.txt", "второй"), ContentType: filesType},
				Check: func(t *testing.T, r *apitest.Resp) {
					list := r.List()
					if len(list) != 2 || list[0]["name"] != "a.txt" || list[1]["name"] != "b.txt" || list[0]["contentType"] != "File" ||
						list[1]["path"] != "/api/v3/file/"+list[1]["id"].(string)+"/download" {
						t.Fatalf("%s", r.Body)
					}
					if d := h.Do("GET", list[1]["path"].(string), apitest.Req{}); string(d.Body) != "второй" {
						t.Fatalf("download: %s", d.Body)
					}
				}},
			{Name: "one file", Method: "POST", Path: "/api/file/", Status: 200,
				Req: apitest.Req{Body: filesBody("c.txt", "третий"), ContentType: filesType}, Contains: []string{`"name":"c.txt"`}},
			{Name: "no files[] part", Method: "POST", Path: "/api/file", Status: 422,
				Req:      apitest.Req{Body: "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"d.txt\"\r\n\r\nx\r\n--XyZ--\r\n", ContentType: filesType},
				Contains: []string{`"field":"files[]"`, `"type":"file_required"`}},
			{Name: "signed out", Method: "POST", Path: "/api/file", Status: 401,
				Req: apitest.Req{NoAuth: true, Body: filesBody("e.txt", "x"), ContentType: filesType}},
			{Name: "other methods stay unrouted", Method: "GET", Path: "/api/file", Status: 404, Contains: []string{`"route_not_found"`}},
		})
		if files, blobs := fileRows(t, h); files != 3 || blobs != 3 {
			t.Fatalf("%d files, %d blobs stored, want 3", files, blobs)
		}
	})
}

func TestShareURL(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		id := h.Upload(t, "", "план.txt", []byte("план")).Obj()["id"].(string)
		nina := h.NewUser(t, "nina@example.com")
		h.Run(t, []apitest.Scenario{
			{Name: "link", Method: "GET", Path: "/api/v3/attache/shareUrl/" + id, Status: 200,
				Contains: []string{`{"contentType":"ShareUrl","id":"` + id + `","link":"/api/v3/file/` + id + `/download"}`}},
			{Name: "hidden file", Method: "GET", Path: "/api/v3/attache/shareUrl/" + id, Status: 404, Req: apitest.Req{Token: nina}},
			{Name: "unknown file", Method: "GET", Path: "/api/v3/attache/shareUrl/999999", Status: 404, Contains: []string{`"not_found"`}},
		})
	})
}

func TestArchive(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		a := h.Upload(t, "", "план.txt", []byte("первый")).Obj()["id"].(string)
		b := h.Upload(t, "", "план.txt", []byte("второй")).Obj()["id"].(string)
		nina := h.NewUser(t, "nina@example.com")
		h.Run(t, []apitest.Scenario{
			{Name: "zip of two", Method: "GET", Path: "/api/v3/attache/archive?%7B%22files%22%3A%5B" + a + "%2C%22" + b + "%22%5D%7D", Status: 200,
				Contains: []string{`"contentType":"File"`, `"name":"files.zip"`, `"mimeType":"application/zip"`},
				Check: func(t *testing.T, r *apitest.Resp) {
					d := h.Do("GET", r.Obj()["path"].(string), apitest.Req{})
					zr, err := zip.NewReader(bytes.NewReader(d.Body), int64(len(d.Body)))
					if err != nil || len(zr.File) != 2 || zr.File[0].Name != "план.txt" || zr.File[1].Name != b+"-план.txt" {
						t.Fatalf("zip: %v %d bytes", err, len(d.Body))
					}
				}},
			{Name: "a file the caller cannot see", Method: "GET", Path: "/api/v3/attache/archive?%7B%22files%22%3A%5B" + a + "%5D%7D", Status: 404,
				Req: apitest.Req{Token: nina}},
			{Name: "no files", Method: "GET", Path: "/api/v3/attache/archive", Status: 422, Contains: []string{`"field":"files"`}},
			{Name: "not ids", Method: "GET", Path: "/api/v3/attache/archive?%7B%22files%22%3A%5B%22x%22%5D%7D", Status: 422},
		})
	})
}

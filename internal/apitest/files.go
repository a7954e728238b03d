package apitest

import (
	"bytes"
	"mime/multipart"
	"net/textproto"
	"testing"
)

// Multipart is a form with one file part per name given.
func Multipart(t testing.TB, field string, files map[string][]byte) (string, string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for name, data := range files {
		hdr := textproto.MIMEHeader{}
		hdr.Set("Content-Disposition", `form-data; name="`+field+`"; filename="`+name+`"`)
		hdr.Set("Content-Type", "application/octet-stream")
		part, err := mw.CreatePart(hdr)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = part.Write(data)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String(), mw.FormDataContentType()
}

// Upload sends one file to POST /api/v3/file as token.
func (h *Harness) Upload(t testing.TB, token, name string, data []byte) *Resp {
	t.Helper()
	body, ct := Multipart(t, "file", map[string][]byte{name: data})
	return h.Do("POST", "/api/v3/file", Req{Token: token, Body: body, ContentType: ct})
}

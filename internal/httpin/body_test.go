package httpin

import (
	"bytes"
	"errors"
	"io"
	"mime/multipart"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestReadBody(t *testing.T) {
	const form = "application/x-www-form-urlencoded"
	deep := strings.Repeat("[", 65) + strings.Repeat("]", 65)
	tests := []struct {
		name, ct, body string
		max            int64
		unknownLen     bool // hide the length so MaxBytesReader must catch it
		want           string
		status         int
		code           string
	}{
		{name: "json", ct: "application/json", body: ` {"a":[1,2]} `, want: `{"a":[1,2]}`},
		{name: "json charset", ct: "application/json; charset=UTF-8", body: `{"a":1}`, want: `{"a":1}`},
		{name: "json scalar", ct: "application/json", body: `"x"`, want: `"x"`},
		{name: "json suffix", ct: "application/merge-patch+json", body: `{"a":null}`, want: `{"a":null}`},
		{name: "json bom", ct: "application/json", body: "\xef\xbb\xbf{}", want: `{}`},
		{name: "no type json", body: `{"a":1}`, want: `{"a":1}`},
		{name: "text plain json", ct: "text/plain;charset=utf-8", body: `[1]`, want: `[1]`},
		{name: "empty", ct: "application/json", want: ""},
		{name: "whitespace", ct: "application/json", body: " \n", want: ""},
		{name: "empty unsupported type", ct: "application/xml", want: ""},
		{name: "form nested", ct: form, body: "a[b][c]=v&l[]=1&l[]=2&o[0][id]=5&o[1][id]=6\n",
			want: `{"a":{"b":{"c":"v"}},"l":["1","2"],"o":[{"id":"5"},{"id":"6"}]}`},
		{name: "form only separators", ct: form, body: "&&", want: `{}`},
		{name: "exactly max", ct: "application/json", body: `{"a":1}`, max: 7, want: `{"a":1}`},

		{name: "malformed", ct: "application/json", body: `{"a":`, status: 400, code: CodeMalformedJSON},
		{name: "two values", ct: "application/json", body: `{}{}`, status: 400, code: CodeMalformedJSON},
		{name: "invalid utf8", ct: "application/json", body: "{\"a\":\"\xff\"}", status: 400, code: CodeMalformedJSON},
		{name: "deep", ct: "application/json", body: deep, status: 400, code: CodeTooDeep},
		{name: "form conflict", ct: form, body: "a=1&a[b]=2", status: 400, code: CodeMalformedForm},
		{name: "form bad escape", ct: form, body: "a=%zz", status: 400, code: CodeMalformedForm},
		{name: "form too deep", ct: form, body: "a" + strings.Repeat("[x]", 64) + "=1", status: 400, code: CodeTooDeep},
		{name: "multipart no boundary", ct: "multipart/form-data", body: "x", status: 400, code: CodeMalformedForm},
		{name: "multipart garbage", ct: "multipart/form-data; boundary=zz", body: "garbage", status: 400, code: CodeMalformedForm},
		{name: "too large declared", ct: "application/json", body: `{"a":12}`, max: 7, status: 413, code: CodeTooLarge},
		{name: "too large streamed", ct: "application/json", body: `{"a":12}`, max: 7, unknownLen: true, status: 413, code: CodeTooLarge},
		{name: "form too large", ct: form, body: "a=12345", max: 3, unknownLen: true, status: 413, code: CodeTooLarge},
		{name: "negative max", ct: "application/json", body: `{}`, max: -1, unknownLen: true, status: 413, code: CodeTooLarge},
		{name: "xml", ct: "application/xml", body: "<a/>", status: 415, code: CodeUnsupportedMediaType},
		{name: "bad content type", ct: "application/", body: "{}", status: 415, code: CodeUnsupportedMediaType},
		{name: "latin1 json", ct: "application/json; charset=latin1", body: "{}", status: 415, code: CodeUnsupportedMediaType},
		{name: "no type not json", body: "hello", status: 415, code: CodeUnsupportedMediaType},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/api/v3/task", strings.NewReader(tc.body))
			if tc.ct != "" {
				r.Header.Set("Content-Type", tc.ct)
			}
			if tc.unknownLen {
				r.ContentLength = -1
			}
			limit := tc.max
			if limit == 0 {
				limit = 1 << 20
			}
			b, err := ReadBody(httptest.NewRecorder(), r, limit)
			if tc.status != 0 {
				var e *Error
				if !errors.As(err, &e) || e.Status != tc.status || e.Code != tc.code || e.Message == "" {
					t.Fatalf("got %s, %#v; want %d %s", b.JSON, err, tc.status, tc.code)
				}
				return
			}
			if err != nil {
				t.Fatalf("ReadBody: %v", err)
			}
			if string(b.JSON) != tc.want || (tc.want == "" && b.JSON != nil) {
				t.Errorf("JSON = %q, want %q", b.JSON, tc.want)
			}
		})
	}
}

// multipartBody writes fields (in order) and one file part.
func multipartBody(t *testing.T, fields [][2]string, fileField, fileName string, data []byte) (string, *bytes.Buffer) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, f := range fields {
		if err := mw.WriteField(f[0], f[1]); err != nil {
			t.Fatal(err)
		}
	}
	if fileField != "" {
		fw, err := mw.CreateFormFile(fileField, fileName)
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(data)
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return mw.FormDataContentType(), &buf
}

func TestReadBodyMultipart(t *testing.T) {
	fields := [][2]string{{"task[name]", "Write <docs>"}, {"task[tags][]", "a"}, {"task[tags][]", "b"}, {"n[0][id]", "5"}}
	ct, body := multipartBody(t, fields, "attaches[0]", "dir/report.txt", []byte("hello"))
	r := httptest.NewRequest("POST", "/api/v3/task", body)
	r.Header.Set("Content-Type", ct)
	b, err := ReadBody(httptest.NewRecorder(), r, 1<<20)
	if err != nil {
		t.Fatalf("ReadBody: %v", err)
	}
	if want := `{"n":[{"id":"5"}],"task":{"name":"Write <docs>","tags":["a","b"]}}`; string(b.JSON) != want {
		t.Errorf("JSON = %s, want %s", b.JSON, want)
	}
	if len(b.Files) != 1 {
		t.Fatalf("Files = %+v, want one", b.Files)
	}
	f := b.Files[0]
	if f.Field != "attaches[0]" || f.Name != "report.txt" || f.ContentType != "application/octet-stream" || string(f.Data) != "hello" {
		t.Errorf("File = %+v", f)
	}
}

func TestReadBodyMultipartLimits(t *testing.T) {
	ct, body := multipartBody(t, [][2]string{{"a", "1"}}, "f", "big.bin", bytes.Repeat([]byte("x"), 4096))
	full := body.String()

	r := httptest.NewRequest("POST", "/", io.NopCloser(strings.NewReader(full))) // no length known
	r.Header.Set("Content-Type", ct)
	_, err := ReadBody(httptest.NewRecorder(), r, int64(len(full)-1))
	var e *Error
	if !errors.As(err, &e) || e.Status != 413 || e.Code != CodeTooLarge {
		t.Errorf("file past the limit: %#v, want 413", err)
	}

	r = httptest.NewRequest("POST", "/", strings.NewReader(full[:len(full)-30])) // truncated
	r.Header.Set("Content-Type", ct)
	_, err = ReadBody(httptest.NewRecorder(), r, 1<<20)
	if !errors.As(err, &e) || e.Status != 400 || e.Code != CodeMalformedForm {
		t.Errorf("truncated: %#v, want 400", err)
	}

	ct, body = multipartBody(t, [][2]string{{"a", "1"}, {"a[b]", "2"}}, "", "", nil)
	r = httptest.NewRequest("POST", "/", body)
	r.Header.Set("Content-Type", ct)
	_, err = ReadBody(httptest.NewRecorder(), r, 1<<20)
	if !errors.As(err, &e) || e.Status != 400 || e.Code != CodeMalformedForm {
		t.Errorf("conflict: %#v, want 400", err)
	}
}

package httpin

import (
	"bytes"
	"encoding/json"
	"errors"
	"mime/multipart"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

// wantErr fails unless err is an *Error with a status the package documents.
func wantErr(t *testing.T, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Code == "" || e.Message == "" ||
		(e.Status != 400 && e.Status != 413 && e.Status != 415) {
		t.Fatalf("unexpected error %#v", err)
	}
}

// wantObject fails unless js is one valid, UTF-8, not too deep JSON object.
func wantObject(t *testing.T, js []byte) {
	t.Helper()
	if !json.Valid(js) || !utf8.Valid(js) || depthExceeds(js, MaxDepth) {
		t.Fatalf("invalid output %q", js)
	}
	if len(js) == 0 || js[0] != '{' {
		t.Fatalf("output is not an object: %q", js)
	}
}

func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{
		"", `{"limit":10,"sortBy":[{"fieldName":"name","desc":true}]}`,
		"%7B%22limit%22%3A10%7D", "%7b%22a%22%3A+1%7d", `{%22a%22:%22b c%22}`,
		"access_token=abc&limit=10&f={\"a\":[1]}", "a=%zz", "[1]", `{"a":"\xff"}`,
		"{" + strings.Repeat(`"a":[`, 70), "a=1;b=2", "a=" + strings.Repeat("[", 70),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		m, err := ParseQuery(q)
		if err != nil {
			wantErr(t, err)
			return
		}
		if m == nil {
			t.Fatal("nil map on success")
		}
		for k, v := range m {
			if !utf8.ValidString(k) || !json.Valid(v) || !utf8.Valid(v) {
				t.Fatalf("bad entry %q: %q", k, v)
			}
		}
		js, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		wantObject(t, js)
	})
}

func FuzzFormToJSON(f *testing.F) {
	for _, s := range []string{
		"", "a=1&b=2", "a[b][c]=v", "a[]=1&a[]=2", "a[0][id]=5&a[1][id]=6",
		"a=1&a[b]=2", "a[b]=1&a=2", "a[b=1", "[x]=1", "a[b]c=1", "0=a&1=b",
		"a[0]=x&a[]=y&a[2]=z", "a[999999999]=1&a[]=2", "a=%FF", "a" + strings.Repeat("[]", 70) + "=1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		values, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		js, err := FormToJSON(values)
		if err != nil {
			wantErr(t, err)
			return
		}
		wantObject(t, js)
	})
}

func FuzzReadBodyJSON(f *testing.F) {
	types := []string{"application/json", "", "text/plain", "application/x-www-form-urlencoded",
		"application/xml", "application/json; charset=latin1", "application/problem+json"}
	for i, s := range []string{
		`{"a":1}`, "", " ", "\xef\xbb\xbf[]", `{"a":`, "{}{}", "{\"a\":\"\xff\"}",
		strings.Repeat("[", 100), "hello", "a[b]=1&a=2",
	} {
		f.Add([]byte(s), uint8(i))
	}
	f.Fuzz(func(t *testing.T, body []byte, ct uint8) {
		r := httptest.NewRequest("POST", "/", bytes.NewReader(body))
		if ctype := types[int(ct)%len(types)]; ctype != "" {
			r.Header.Set("Content-Type", ctype)
		}
		b, err := ReadBody(httptest.NewRecorder(), r, 1<<16)
		if err != nil {
			wantErr(t, err)
			return
		}
		if b.JSON == nil {
			return // empty body
		}
		if !json.Valid(b.JSON) || !utf8.Valid(b.JSON) || depthExceeds(b.JSON, MaxDepth) {
			t.Fatalf("invalid output %q", b.JSON)
		}
	})
}

func FuzzMultipart(f *testing.F) {
	f.Add("task[name]", "x", "task[tags][]", "a", "f", "a.txt", []byte("hello"))
	f.Add("a", "1", "a[b]", "2", "", "", []byte(nil))
	f.Add("a[0][id]", "5", "a[1][id]", "6", "files[]", "../../etc/passwd", []byte{0xff})
	f.Add("a\"b", "\xff", "c\r\nd", "v", "f\"", "x\r\ny", []byte("--"))
	f.Fuzz(func(t *testing.T, k1, v1, k2, v2, fileField, fileName string, data []byte) {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		mw.WriteField(k1, v1)
		mw.WriteField(k2, v2)
		if fileField != "" {
			if w, err := mw.CreateFormFile(fileField, fileName); err == nil {
				w.Write(data)
			}
		}
		mw.Close()
		r := httptest.NewRequest("POST", "/", &buf)
		r.Header.Set("Content-Type", mw.FormDataContentType())
		b, err := ReadBody(httptest.NewRecorder(), r, 1<<16)
		if err != nil {
			wantErr(t, err)
			return
		}
		wantObject(t, b.JSON)
		if len(b.Files) > 1 {
			t.Fatalf("%d files from one file part", len(b.Files))
		}
	})
}

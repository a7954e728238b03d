package doc

import (
	"html/template"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/klauspost/compress/gzhttp"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/file"
)

// pageData is what the share page shows: the document's and its file's
// names and the size, or the password form, or that the link is gone.
type pageData struct {
	Lang     string
	Gone     bool
	Password bool
	Wrong    bool
	Token    string
	Given    string
	Name     string
	FileName string
	Size     string
}

// The page is self-contained (no script, no style sheet from the app),
// so a shared link loads nothing of the app and tells nothing of it.
var sharePage = template.Must(template.New("share").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>{{if .Gone}}{{if eq .Lang "en"}}Link not found{{else}}Ссылка не найдена{{end}}{{else}}{{.Name}}{{end}}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#222}button{padding:.5rem 1rem}</style></head><body>
{{if .Gone}}<h1>{{if eq .Lang "en"}}This link does not work{{else}}Ссылка не действует{{end}}</h1>
<p>{{if eq .Lang "en"}}It was revoked, has expired or never existed.{{else}}Её отозвали, срок её действия истёк, или её не было.{{end}}</p>
{{else if .Password}}<h1>{{if eq .Lang "en"}}A password is needed{{else}}Нужен пароль{{end}}</h1>
{{if .Wrong}}<p role="alert">{{if eq .Lang "en"}}Wrong password.{{else}}Неверный пароль.{{end}}</p>{{end}}
<form method="post" action="/share/{{.Token}}"><input type="password" name="password" autofocus required>
<button type="submit">{{if eq .Lang "en"}}Open{{else}}Открыть{{end}}</button></form>
{{else}}<h1>{{.Name}}</h1>{{if .FileName}}<p>{{.FileName}}{{if .Size}} · {{.Size}}{{end}}</p>
<form method="post" action="/share/{{.Token}}/download"><input type="hidden" name="password" value="{{.Given}}">
<button type="submit">{{if eq .Lang "en"}}Download{{else}}Скачать{{end}}</button></form>
{{else}}<p>{{if eq .Lang "en"}}The document is empty.{{else}}Документ пуст.{{end}}</p>{{end}}{{end}}
</body></html>`))

func pageLang(hr *http.Request) string {
	if strings.HasPrefix(strings.ToLower(hr.Header.Get("Accept-Language")), "en") {
		return "en"
	}
	return "ru"
}

// publicHeaders keep a shared page from being framed, sniffed, cached
// or leaking its address onward.
func publicHeaders(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "private, no-store")
}

func (a *HTTP) page(w http.ResponseWriter, hr *http.Request, token, given string, sh *Shared) {
	d := pageData{Lang: pageLang(hr), Token: token, Password: sh.Password, Wrong: sh.Password && given != "", Given: given, Name: sh.Name}
	if v := sh.Version; v != nil && !sh.Password {
		d.FileName = fileName(sh)
		if sh.File != nil {
			if n, ok := sh.File.Values["size"].(int64); ok {
				d.Size = sizeText(n, d.Lang)
			}
		}
	}
	publicHeaders(w)
	if sh.Password {
		w.WriteHeader(http.StatusUnauthorized)
	}
	_ = sharePage.Execute(w, d)
}

// sizeText is a size in kilobytes or megabytes, as people read it.
func sizeText(n int64, lang string) string {
	kb, mb := "КБ", "МБ"
	if lang == "en" {
		kb, mb = "KB", "MB"
	}
	if n >= 1<<20 {
		return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " " + mb
	}
	return strconv.FormatInt((n+1023)/1024, 10) + " " + kb
}

// fileName is the download's name: the file's, or the text document's
// name as an HTML file.
func fileName(sh *Shared) string {
	if sh.Text != nil {
		return sh.Name + ".html"
	}
	return sh.Version.String("name")
}

// download sends the actual version's bytes as an attachment, never
// shown or run as this site's page.
func (a *HTTP) download(w http.ResponseWriter, hr *http.Request, sh *Shared) {
	if sh.Version == nil {
		http.NotFound(w, hr)
		return
	}
	// A file streams from the store (with ranges); a text is small.
	var body io.ReadSeeker
	ct := "text/html; charset=utf-8"
	if sh.Text != nil {
		body = strings.NewReader(*sh.Text)
	} else if sh.File != nil {
		rec, o, err := a.Files.OpenObject(hr.Context(), entity.Scope{Account: sh.Account, System: true}, sh.File.ID)
		if err != nil {
			http.NotFound(w, hr)
			return
		}
		defer o.Close()
		body = o
		if ct = rec.String("mimeType"); ct == "" {
			ct = "application/octet-stream"
		}
	}
	if body == nil {
		body = strings.NewReader("")
	}
	h := w.Header()
	h.Set("Content-Type", ct)
	h.Set("Content-Disposition", file.Disposition(fileName(sh)))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	h.Set("Cache-Control", "private, no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set(gzhttp.HeaderNoCompression, "1")
	http.ServeContent(w, hr, "", time.Time{}, body)
}

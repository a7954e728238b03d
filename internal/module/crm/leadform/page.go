package leadform

import (
	"crypto/rand"
	"embed"
	"encoding/base64"
	"encoding/json"
	"html/template"
	"net/http"
	"strings"

	"github.com/artel/artel/internal/entity"
)

//go:embed page.html
var pageFS embed.FS

var pageTmpl = template.Must(template.ParseFS(pageFS, "page.html"))

// page serves the public page of a form (/form/{uuid}) and its captcha
// pictures (/form/captcha/{id}.png), without sign-in. The page is plain
// HTML with one small script that posts the fields as JSON, the UTM
// parameters of its address and its referrer with them; a site embeds
// it in an iframe.
func (a *HTTP) page(w http.ResponseWriter, r *http.Request, account int64) {
	rest := strings.TrimPrefix(r.URL.Path, PagePrefix)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if id, ok := strings.CutPrefix(rest, "captcha/"); ok {
		w.Header().Set("Content-Type", "image/png")
		w.Header().Set("Cache-Control", "no-store")
		found, err := captchas{a.Forms.Engine.DB}.draw(r.Context(), w, strings.TrimSuffix(id, ".png"))
		if err != nil || !found {
			http.NotFound(w, r)
		}
		return
	}
	f, err := a.Forms.load(r.Context(), account, 0, rest)
	if err == entity.ErrNotFound || rest == "" || strings.Contains(rest, "/") {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	desc, err := a.Forms.describeForm(r.Context(), account, f)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	data, _ := json.Marshal(desc)
	var nonce [16]byte
	_, _ = rand.Read(nonce[:])
	n := base64.StdEncoding.EncodeToString(nonce[:])
	en := strings.HasPrefix(r.Header.Get("Accept-Language"), "en")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'nonce-"+n+"'")
	_ = pageTmpl.Execute(w, map[string]any{"Form": desc, "JSON": template.JS(data), "Nonce": n, "En": en})
}

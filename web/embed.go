// Package web embeds the built single-page app and serves it with an
// index.html fallback, so client routes like /task/filter/5 load the app.
package web

import (
	"embed"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

//go:embed all:dist*
var files embed.FS

// Handler serves the app from dist/, or a plain page when it was not built.
func Handler() http.Handler {
	dist, err := fs.Sub(files, "dist")
	if err != nil {
		return http.HandlerFunc(plainPage)
	}
	if _, err := fs.Stat(dist, "index.html"); err != nil {
		return http.HandlerFunc(plainPage)
	}
	static := http.FileServerFS(dist)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" {
			if st, err := fs.Stat(dist, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				static.ServeHTTP(w, r)
				return
			}
		}
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeFileFS(w, r, dist, "index.html")
	})
}

// plainPage is what / shows before the web app exists.
func plainPage(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/" {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write([]byte(`<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Artel</title></head>
<body><h1>Artel</h1><p>Сервер работает. API: <a href="/api/v3/openapi.json">/api/v3</a>.</p>
<p lang="en">The server is running. API: <a href="/api/v3/openapi.json">/api/v3</a>.</p></body></html>`))
}

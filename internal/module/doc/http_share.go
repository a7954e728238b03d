package doc

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

func (a *HTTP) shareRoutes(rt *api.Routes) {
	rt.Handle("GET /doc/{id}/shares", a.shares)
	rt.Handle("POST /doc/{id}/shares", a.createShare)
	rt.Handle("DELETE /doc/{id}/shares/{id}", a.revokeShare)
	rt.Describe("GET /doc/{id}/shares", [2]string{"Публичные ссылки на документ", "A document's public share links"})
	rt.Describe("POST /doc/{id}/shares", [2]string{"Новая публичная ссылка: пароль и срок по желанию",
		"A new public share link, with an optional password and expiry"})
	rt.Describe("DELETE /doc/{id}/shares/{id}", [2]string{"Отзыв публичной ссылки", "Revoke a public share link"})
	rt.Protocol(SharePrefix, a.servePublic)
}

func (a *HTTP) shares(ctx context.Context, r *api.Request) api.Response {
	list, err := a.Docs.Shares(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s.Encode(r.Options())
	}
	return api.OK(out)
}

// createShare: {password?, expires?: DateTime}; the answer's url is the
// only time the link's address is told.
func (a *HTTP) createShare(ctx context.Context, r *api.Request) api.Response {
	var in struct {
		Password string
		Expires  json.RawMessage
	}
	if len(r.Body()) > 0 {
		if err := json.Unmarshal(r.Body(), &in); err != nil {
			return r.FieldFail("password", entity.CodeBadParam)
		}
	}
	var expires int64
	if len(in.Expires) > 0 && string(in.Expires) != "null" {
		v, err := value.DateTime{}.Decode(in.Expires)
		ms, ok := v.(int64)
		if err != nil || !ok {
			return r.FieldFail("expires", entity.CodeBadParam)
		}
		expires = ms
	}
	s, err := a.Docs.CreateShare(ctx, r.Scope(), r.IDs[0], in.Password, expires)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(s.Encode(r.Options()))
}

func (a *HTTP) revokeShare(ctx context.Context, r *api.Request) api.Response {
	if err := a.Docs.RevokeShare(ctx, r.Scope(), r.IDs[0], r.IDs[1]); err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{})
}

// servePublic answers a share link without sign-in: GET /share/{token}
// a small page naming the document (or asking its password), and
// /share/{token}/download its actual version's bytes (POST with the
// password as a form field when one is set). Any link that is not live
// answers one and the same 404.
func (a *HTTP) servePublic(w http.ResponseWriter, hr *http.Request, account int64) {
	rest := hr.URL.Path[len(SharePrefix):]
	token, download := rest, false
	if n := len(rest) - len("/download"); n > 0 && rest[n:] == "/download" {
		token, download = rest[:n], true
	}
	if token == "" || len(token) > 64 || (hr.Method != http.MethodGet && hr.Method != http.MethodPost) {
		http.NotFound(w, hr)
		return
	}
	password := ""
	if hr.Method == http.MethodPost {
		hr.Body = http.MaxBytesReader(w, hr.Body, 4096)
		if err := hr.ParseForm(); err != nil {
			http.Error(w, "bad form", http.StatusBadRequest)
			return
		}
		password = hr.PostForm.Get("password")
	}
	sh, err := a.Docs.Open(hr.Context(), account, token, password)
	if errors.Is(err, errNoShare) {
		publicHeaders(w)
		w.WriteHeader(http.StatusNotFound)
		_ = sharePage.Execute(w, pageData{Lang: pageLang(hr), Gone: true})
		return
	}
	if err != nil {
		http.Error(w, "unavailable", http.StatusServiceUnavailable)
		return
	}
	if sh.Password || !download {
		a.page(w, hr, token, password, sh)
		return
	}
	a.download(w, hr, sh)
}

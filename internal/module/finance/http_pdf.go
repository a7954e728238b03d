package finance

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// PublicPrefix is where an invoice's public download link points:
// /invoice-pdf/{token}, answered without sign-in while the link lives.
const PublicPrefix = "/invoice-pdf/"

// servePDF answers GET /invoice/{id}/pdf: the invoice in the Russian
// form, for whoever sees the invoice.
func (a *HTTP) servePDF(w http.ResponseWriter, hr *http.Request, r *api.Request) {
	data, err := a.Invoices.PDF(hr.Context(), r.Scope(), r.IDs[0])
	if err != nil {
		r.Fail(err).Write(w)
		return
	}
	writePDF(w, data, r.IDs[0])
}

func writePDF(w http.ResponseWriter, data []byte, id int64) {
	h := w.Header()
	h.Set("Content-Type", "application/pdf")
	h.Set("Content-Disposition", fmt.Sprintf(`inline; filename="invoice-%d.pdf"`, id))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "private, no-store")
	h.Set("Referrer-Policy", "no-referrer")
	_, _ = w.Write(data)
}

// createLink answers POST /invoice/{id}/publicLink: a new public download
// link, which replaces (revokes) the one before. Only the hash of its
// token is kept in invoice_links; the link itself is the invoice's
// publicDownloadLink, seen by whoever sees the invoice.
func (a *HTTP) createLink(ctx context.Context, r *api.Request) api.Response {
	return a.setLink(ctx, r, true)
}

// revokeLink answers DELETE /invoice/{id}/publicLink.
func (a *HTTP) revokeLink(ctx context.Context, r *api.Request) api.Response {
	return a.setLink(ctx, r, false)
}

func (a *HTTP) setLink(ctx context.Context, r *api.Request, on bool) api.Response {
	sc, id := r.Scope(), r.IDs[0]
	var rec *entity.Record
	err := a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		link := json.RawMessage("null")
		if err := a.Invoices.dropLinks(ctx, sc.Account, id); err != nil {
			return err
		}
		if on {
			raw := make([]byte, 24)
			if _, err := rand.Read(raw); err != nil {
				return err
			}
			token := base64.RawURLEncoding.EncodeToString(raw)
			if _, err := a.Engine.DB.Q(ctx).ExecContext(ctx, a.Engine.DB.Dialect.Rebind(`INSERT INTO invoice_links
				(token_hash, account_id, invoice_id, created_at) VALUES (?, ?, ?, ?)`),
				hashToken(token), sc.Account, id, a.Engine.Now().UnixMilli()); err != nil {
				return err
			}
			link, _ = json.Marshal(PublicPrefix + token)
		}
		// The caller's update: only who may change the invoice shares it.
		var err error
		rec, err = a.Engine.Update(asMachine(ctx), sc, "Invoice", id, entity.Input{"publicDownloadLink": link})
		return err
	})
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, entity.Selection{Full: true})
}

// servePublic answers a public link: the invoice's PDF while the link
// lives, one and the same 404 otherwise.
func (a *HTTP) servePublic(w http.ResponseWriter, hr *http.Request, account int64) {
	token := hr.URL.Path[len(PublicPrefix):]
	if token == "" || len(token) > 64 || hr.Method != http.MethodGet {
		http.NotFound(w, hr)
		return
	}
	ctx := hr.Context()
	var id int64
	err := a.Engine.DB.Q(ctx).QueryRowContext(ctx, a.Engine.DB.Dialect.Rebind(`SELECT invoice_id FROM invoice_links
		WHERE token_hash = ? AND account_id = ?`), hashToken(token), account).Scan(&id)
	if err != nil {
		http.NotFound(w, hr)
		return
	}
	data, err := a.Invoices.PDF(ctx, entity.Scope{Account: account, System: true, Lang: "ru"}, id)
	if err != nil {
		http.NotFound(w, hr)
		return
	}
	writePDF(w, data, id)
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// dropLinks revokes an invoice's public links.
func (m *Module) dropLinks(ctx context.Context, account, invoice int64) error {
	_, err := m.e.DB.Q(ctx).ExecContext(ctx, m.e.DB.Dialect.Rebind(`DELETE FROM invoice_links
		WHERE account_id = ? AND invoice_id = ?`), account, invoice)
	return err
}

package finance

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/discuss/mail"
	"github.com/artel/artel/internal/value"
)

// CodeNoMailSubject: the invoice has neither a client (its payer's) nor
// a deal to write the e-mail to.
const CodeNoMailSubject = "invoice_no_mail_subject"

var sendWording = map[string][2]string{
	CodeNoMailSubject: {"У счёта нет ни клиента плательщика, ни сделки, к которым можно отправить письмо",
		"The invoice has neither a payer's client nor a deal to send the e-mail from"},
}

// Uploader keeps a file made here (an invoice's PDF sent by e-mail).
type Uploader interface {
	Upload(ctx context.Context, sc entity.Scope, name, sentType string, data []byte) (*entity.Record, error)
}

// sendInvoice serves POST /invoice/{id}/send {to?, from?, subject?, text?}:
// the invoice's PDF goes as an attachment through the sender's mail
// account, written to the payer's client card (or the invoice's deal),
// whose e-mail it goes to unless "to" names one; a created invoice
// becomes drawn. The message is queued in the same transaction; the
// mail send job delivers it.
func (a *HTTP) sendInvoice(ctx context.Context, r *api.Request) api.Response {
	if a.Mail == nil || a.Files == nil {
		return r.NotFound()
	}
	in, res := r.Input()
	if res != nil {
		return *res
	}
	sc, id := r.Scope(), r.IDs[0]
	inv, err := a.Engine.Get(ctx, sc, "Invoice", id)
	if err != nil {
		return r.Fail(err)
	}
	out := mail.Outgoing{Subject: "Счёт на оплату № " + inv.String("number")}
	if raw, ok := in["from"]; ok && string(raw) != "null" {
		l, err := value.DecodeLink(raw, []string{"Imap", "Smtp"})
		if err != nil {
			return r.Fail(entity.Invalidf("from", entity.CodeLinkNotFound, "Imap"))
		}
		out.From = l.ID
	}
	if raw, ok := in["to"]; ok && string(raw) != "null" && json.Unmarshal(raw, &out.To) != nil {
		var one string
		if json.Unmarshal(raw, &one) != nil {
			return r.Fail(entity.Invalidf("to", mail.CodeInvalidEmail, ""))
		}
		out.To = []string{one}
	}
	for _, f := range []struct {
		name string
		dst  *string
	}{{"subject", &out.Subject}, {"text", &out.Text}} {
		if raw, ok := in[f.name]; ok && string(raw) != "null" && json.Unmarshal(raw, f.dst) != nil {
			return r.Fail(entity.Invalidf(f.name, value.CodeType, "string"))
		}
	}
	if out.Entity = a.mailSubject(ctx, sc, inv); out.Entity.ID == 0 {
		return r.Fail(entity.Invalidf("payer", CodeNoMailSubject, ""))
	}
	data, err := a.Invoices.PDF(ctx, sc, id)
	if err != nil {
		return r.Fail(err)
	}
	var msg *mail.Message
	err = a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		f, err := a.Files.Upload(ctx, sc, fmt.Sprintf("invoice-%s.pdf", inv.String("number")), "application/pdf", data)
		if err != nil {
			return err
		}
		out.Attaches = []int64{f.ID}
		if msg, err = a.Mail.Send(ctx, sc, out); err != nil {
			return err
		}
		if inv.String("status") == Created {
			_, err = a.Engine.Update(ctx, sc, "Invoice", id, entity.Input{"status": json.RawMessage(`"` + Drawn + `"`)})
		}
		return err
	})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(mail.Encode(msg))
}

// mailSubject is where an invoice's e-mail is written: its payer's
// client card, else its deal.
func (a *HTTP) mailSubject(ctx context.Context, sc entity.Scope, inv *entity.Record) value.Link {
	if p := inv.Links["payer"]; p.ID != 0 {
		if payer, err := a.Engine.Get(ctx, system(sc), "Payer", p.ID); err == nil {
			if c := payer.Links["contractor"]; c.ID != 0 {
				return c
			}
		}
	}
	if d := inv.Links["deal"]; d.ID != 0 {
		return d
	}
	return value.Link{}
}

package finance

import (
	"context"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/discuss/mail"
	"github.com/artel/artel/internal/value"
)

// HTTP is the finance area's routes: the reference's invoice writes,
// which carry their rows inline. See docs/finance.md.
type HTTP struct {
	Engine   *entity.Engine
	Invoices *Module
	Mail     *mail.Module // sends invoices by e-mail; nil serves no /send
	Files    Uploader     // keeps the sent PDF as the e-mail's attachment
}

// Routes registers the area's routes and error wording. Reads, lists and
// deletes of invoices are the generic ones, under the rules' hooks.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("POST /invoice", a.save)
	rt.Handle("POST /invoice/{id}", a.save)
	rt.Handle("POST /finOperation/createTransfer", a.transfer)
	rt.Handle("POST /finOperation/importStatement", a.importStatement)
	rt.Describe("POST /finOperation/importStatement", [2]string{"Импорт банковской выписки (1С, CSV): предпросмотр (preview) и проводка (digest), оплаты счетов по номеру, ИНН и сумме",
		"Import a bank statement (1C, CSV): a preview, then the booking of it (digest); invoices paid by number, ИНН and sum"})
	rt.Handle("GET /payer/ownRecipients", a.ownRecipients)
	rt.Handle("GET /invoice/realAccounts", a.realAccounts)
	rt.Handle("GET /finOperation/types", a.operationTypes)
	rt.Handle("POST /finOperation/{id}/linkWith", a.link(true))
	rt.Handle("POST /finOperation/{id}/unlinkWith", a.link(false))
	rt.Download("/invoice/{id}/pdf", a.servePDF)
	rt.Handle("POST /invoice/{id}/publicLink", a.createLink)
	rt.Handle("DELETE /invoice/{id}/publicLink", a.revokeLink)
	rt.Describe("GET /invoice/{id}/pdf", [2]string{"Счёт в PDF (русская форма)", "The invoice as a PDF (the Russian form)"})
	rt.Describe("POST /invoice/{id}/publicLink", [2]string{"Новая публичная ссылка на PDF счёта (прежняя отзывается)", "A new public link to the invoice's PDF (the one before is revoked)"})
	rt.Describe("DELETE /invoice/{id}/publicLink", [2]string{"Отзыв публичной ссылки на PDF счёта", "Revoke the public link to the invoice's PDF"})
	rt.Describe("POST /finOperation/createTransfer", [2]string{"Перевод между счетами: две парные операции", "A transfer between accounts: two paired operations"})
	rt.Protocol(PublicPrefix, a.servePublic)
	a.templateRoutes(rt)
	rt.Handle("POST /invoice/{id}/send", a.sendInvoice)
	rt.Describe("POST /invoice/{id}/send", [2]string{"Отправить счёт в PDF по e-mail плательщику (выставляет счёт)",
		"Send the invoice's PDF by e-mail to the payer (the invoice becomes drawn)"})
	rt.Messages(sendWording)
	rt.Messages(Wording)
	rt.Messages(opWording)
	rt.Messages(splitWording)
	rt.Messages(currencyWording)
	rt.Messages(map[string][2]string{CodeStatementFormat: {"Файл не похож на выписку 1С или CSV с колонками даты, суммы и назначения",
		"The file is neither a 1C statement nor a CSV with date, sum and purpose columns"},
		CodeStatementChanged: {"С момента предпросмотра счета или выписка изменились: проверьте выписку ещё раз",
			"The invoices or the statement changed since the preview: preview it again"}})
}

// save creates or updates an invoice with its rows, all in one
// transaction: a refused row or invoice writes nothing. The invoice's
// own fields are saved in the caller's name (rights, links the caller
// must see); its rows are attached by the rules (SetRows), as rows just
// made are not yet seen through the invoice.
func (a *HTTP) save(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	var id int64
	if len(r.IDs) > 0 {
		id = r.IDs[0]
	}
	sc := r.Scope()
	var rec *entity.Record
	err := a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		raw, withRows := in["rows"]
		delete(in, "rows")
		list, err := a.Invoices.priceListFor(ctx, sc, id, in)
		if err != nil {
			return err
		}
		var rows []value.Link
		if withRows {
			if rows, err = a.Invoices.WriteRows(ctx, sc, id, list, raw); err != nil {
				return err
			}
		}
		// An update's rows are judged on the status the invoice had
		// before this request; the caller's update then decides.
		if withRows && id != 0 {
			if err := a.Invoices.SetRows(ctx, sc, id, rows, true); err != nil {
				return err
			}
		}
		if id == 0 {
			rec, err = a.Engine.Create(ctx, sc, "Invoice", in)
		} else {
			rec, err = a.Engine.Update(ctx, sc, "Invoice", id, in)
		}
		if err == nil && withRows && id == 0 {
			err = a.Invoices.SetRows(ctx, sc, rec.ID, rows, false)
			if err == nil {
				rec, err = a.Engine.Get(ctx, sc, "Invoice", rec.ID)
			}
		}
		return err
	})
	if err != nil {
		return r.Fail(err)
	}
	sel, err := r.Selection(true)
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, rec, sel)
}

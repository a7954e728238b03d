package mail

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// HTTP is the mail routes: the reference's /imap and /message/send, and
// Artel's /imap/{id}/check and GET /message?{"entity": link}.
type HTTP struct {
	Mail *Module
}

// Routes registers the mail routes and wording.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Handle("GET /imap", a.list)
	rt.Handle("POST /imap", a.create)
	rt.Handle("GET /imap/{id}", a.one)
	rt.Handle("POST /imap/{id}", a.update)
	rt.Handle("DELETE /imap/{id}", a.remove)
	rt.Handle("POST /imap/{id}/check", a.check)
	rt.Handle("POST /message/send", a.send)
	rt.Handle("GET /message", a.messages)
	rt.Handle("GET /message/{id}", a.message)
	rt.Describe("POST /imap/{id}/check", [2]string{"Проверить подключение к серверам IMAP и SMTP", "Check the connection to the IMAP and SMTP servers"})
	rt.Describe("POST /message/send", [2]string{"Отправить письмо из обсуждения, сделки или карточки клиента", "Send an e-mail from a discussion, a deal or a client card"})
	rt.Describe("GET /message", [2]string{"Письма обсуждения, сделки или клиента (entity)", "The e-mail of a discussion, deal or client (entity)"})
	rt.Messages(map[string][2]string{
		CodeInvalidEmail:  {"Неверный адрес электронной почты", "Invalid e-mail address"},
		CodeAuthFailed:    {"Сервер не принял логин или пароль: %s", "The server refused the login or password: %s"},
		CodeUnreachable:   {"Сервер недоступен: %s", "The server cannot be reached: %s"},
		CodeTLS:           {"Ошибка защищённого соединения (SSL/TLS): %s", "Secure connection (SSL/TLS) failed: %s"},
		CodeProtocol:      {"Сервер ответил ошибкой: %s", "The server answered with an error: %s"},
		CodeNoSMTP:        {"Нет почтового ящика для отправки", "No mail account to send from"},
		CodeNoRecipient:   {"Не указан получатель письма", "No recipient for the e-mail"},
		CodeNotMailSource: {"Письмо можно отправить из обсуждения, сделки или карточки клиента", "E-mail can be sent from a discussion, a deal or a client card"},
	})
}

// Encode is an account as the API's Imap; the passwords are never shown.
func EncodeAccount(a *Account) map[string]any {
	srv := func(kind string, s Server) map[string]any {
		return map[string]any{"contentType": "MailServerConfig", "type": kind, "host": s.Host, "port": s.Port,
			"ssl": s.SSL, "oauth2": false, "login": s.Login}
	}
	out := map[string]any{"contentType": "Imap", "id": fmt.Sprint(a.ID), "email": a.Email, "footer": a.Footer,
		"incomingEmailMode": a.Mode, "isDefault": a.Default, "isShared": a.Shared,
		"imapStatus": a.IMAPStatus, "smtpStatus": a.SMTPStatus, "imapError": a.IMAPError, "smtpError": a.SMTPError,
		"imapConfig": srv("imap", a.IMAP), "smtpConfig": srv("smtp", a.SMTP),
		"userCreated": value.EncodeLink(value.Link{Type: "Employee", ID: a.Owner}), "program": nil}
	if a.Program != 0 {
		out["program"] = value.EncodeLink(value.Link{Type: "Program", ID: a.Program})
	}
	if a.CheckedAt != 0 {
		out["timeChecked"] = value.DateTime{}.Encode(a.CheckedAt, value.Options{})
	}
	return out
}

func (a *HTTP) list(ctx context.Context, r *api.Request) api.Response {
	list, err := a.Mail.Accounts(ctx, r.Scope())
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, len(list))
	for i, acc := range list {
		out[i] = EncodeAccount(acc)
	}
	return api.Response{Status: http.StatusOK, Data: out, Pagination: &api.Pagination{Count: int64(len(out)), Limit: len(out)}}
}

func (a *HTTP) one(ctx context.Context, r *api.Request) api.Response {
	acc, err := a.Mail.Get(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(EncodeAccount(acc))
}

func (a *HTTP) create(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	if sc.Actor.Type != "Employee" {
		return r.Denied()
	}
	acc := &Account{Account: sc.Account, Owner: sc.Actor.ID, Mode: ModeEmail,
		IMAP: Server{SSL: true}, SMTP: Server{SSL: true}}
	return a.save(ctx, r, acc)
}

func (a *HTTP) update(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	acc, err := a.Mail.Get(ctx, sc, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	if !editable(sc, acc) {
		return r.Denied()
	}
	return a.save(ctx, r, acc)
}

func (a *HTTP) save(ctx context.Context, r *api.Request, acc *Account) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	if err := apply(acc, in); err != nil {
		return r.Fail(err)
	}
	if err := a.Mail.Save(ctx, r.Scope(), acc); err != nil {
		return r.Fail(err)
	}
	return api.OK(EncodeAccount(acc))
}

func (a *HTTP) remove(ctx context.Context, r *api.Request) api.Response {
	if err := a.Mail.Delete(ctx, r.Scope(), r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"contentType": "Response", "status": "ok"})
}

// check answers the account with its statuses; a failed check is a 422
// whose errors name the server and quote its answer.
func (a *HTTP) check(ctx context.Context, r *api.Request) api.Response {
	acc, err := a.Mail.Check(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(EncodeAccount(acc))
}

// send serves POST /message/send: {from: Imap link, to: [addresses],
// subject, text, entity: link, attaches: [File links]}.
func (a *HTTP) send(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	var out Outgoing
	if raw, ok := in["from"]; ok && string(raw) != "null" {
		l, err := value.DecodeLink(raw, []string{"Imap", "Smtp"})
		if err != nil {
			return r.Fail(entity.Invalidf("from", entity.CodeLinkNotFound, "Imap"))
		}
		out.From = l.ID
	}
	l, err := value.DecodeLink(in["entity"], subjects)
	if err != nil {
		return r.Fail(entity.Invalidf("entity", CodeNotMailSource, ""))
	}
	out.Entity = l
	if raw, ok := in["to"]; ok && json.Unmarshal(raw, &out.To) != nil {
		var one string
		if json.Unmarshal(raw, &one) != nil {
			return r.Fail(entity.Invalidf("to", CodeInvalidEmail, ""))
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
	if raw, ok := in["attaches"]; ok && string(raw) != "null" {
		var links []json.RawMessage
		if json.Unmarshal(raw, &links) != nil {
			return r.Fail(entity.Invalidf("attaches", value.CodeType, "File[]"))
		}
		for _, one := range links {
			f, err := value.DecodeLink(one, []string{"File"})
			if err != nil {
				return r.Fail(entity.Invalidf("attaches", value.CodeType, "File[]"))
			}
			out.Attaches = append(out.Attaches, f.ID)
		}
	}
	msg, err := a.Mail.Send(ctx, r.Scope(), out)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(Encode(msg))
}

// messages serves GET /message?{"entity": link}: a chat's, deal's or
// client's mail, oldest first; without entity, the newest 100 of the
// reader's accounts, only sent or only received ones with isOutgoing
// (the mail view's folders).
func (a *HTTP) messages(ctx context.Context, r *api.Request) api.Response {
	var list []*Message
	var err error
	var outgoing *bool
	if raw, ok := r.TakeQuery("isOutgoing"); ok && string(raw) != "null" {
		var b bool
		if json.Unmarshal(raw, &b) != nil {
			return r.FieldFail("isOutgoing", value.CodeType, "boolean")
		}
		outgoing = &b
	}
	if raw, ok := r.TakeQuery("entity"); ok {
		l, derr := value.DecodeLink(raw, subjects)
		if derr != nil {
			return r.FieldFail("entity", CodeNotMailSource)
		}
		list, err = a.Mail.Messages(ctx, r.Scope(), l)
	} else {
		list, err = a.Mail.Recent(ctx, r.Scope(), 100, outgoing)
	}
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, len(list))
	for i, msg := range list {
		out[i] = Encode(msg)
	}
	return api.Response{Status: http.StatusOK, Data: out, Pagination: &api.Pagination{Count: int64(len(out)), Limit: len(out)}}
}

func (a *HTTP) message(ctx context.Context, r *api.Request) api.Response {
	msg, err := a.Mail.One(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(Encode(msg))
}

package leadform

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// PagePrefix is where a form's public page is served: /form/{uuid}, its
// captcha pictures at /form/captcha/{id}.png.
const PagePrefix = "/form/"

// HTTP serves the lead forms' routes: their elements, and, without
// sign-in, a form's description, its posts and its page.
type HTTP struct{ Forms *Module }

// Routes registers them.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Open("GET /customLeadForm/render/{id}", a.render)
	rt.Handle("POST /customLeadForm/preview", a.preview)
	for _, kind := range []string{"contractor", "deal"} {
		rt.Open("POST /customLeadForm/{id}/process/"+kind, a.process(kind))
	}
	rt.Handle("PUT /customLeadForm/{id}", func(ctx context.Context, r *api.Request) api.Response {
		return r.Update(ctx, "CustomLeadForm", r.IDs[0])
	})
	rt.Handle("GET /customLeadForm/{id}/disable", a.disable)
	rt.Handle("GET /customLeadForm/{id}/element", a.elements)
	rt.Handle("POST /customLeadForm/{id}/element", a.addElement)
	rt.Handle("GET /customLeadForm/{id}/element/{id}", a.element(http.MethodGet))
	rt.Handle("PUT /customLeadForm/{id}/element/{id}", a.element(http.MethodPut))
	rt.Handle("DELETE /customLeadForm/{id}/element/{id}", a.element(http.MethodDelete))
	rt.Protocol(PagePrefix, a.page)
	rt.Messages(map[string][2]string{
		CodeTarget:  {"Поле формы должно заполнять поле клиента или сделки", "A form field must fill a field of the client or the deal"},
		CodeProgram: {"Для формы сделки нужна бизнес-схема, а этап — из неё", "A deal form needs a process, and a state of it"},
		CodeCaptcha: {"Неверно введены цифры с картинки", "The digits from the picture are wrong"},
		CodeTooMany: {"Слишком много заявок, попробуйте позже", "Too many requests, try again later"},
	})
}

// render serves GET /customLeadForm/render/{id}: what the form's page
// shows (an inactive or unknown form is 404), with a fresh captcha when
// the form asks for one.
func (a *HTTP) render(ctx context.Context, r *api.Request) api.Response {
	f, err := a.Forms.load(ctx, r.Scope().Account, r.IDs[0], "")
	if err != nil {
		return r.Fail(err)
	}
	out, err := a.Forms.describeForm(ctx, r.Scope().Account, f)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(out)
}

// describeForm is a form as its page needs it.
func (m *Module) describeForm(ctx context.Context, account int64, f form) (map[string]any, error) {
	x, err := extrasOf(ctx, m.Engine, account, f.rec)
	if err != nil {
		return nil, err
	}
	elems := make([]any, len(f.elems))
	for i, el := range f.elems {
		d := map[string]any{"contentType": "CustomLeadFormElement", "name": el.name, "caption": el.caption,
			"placeholder": el.placeholder, "required": el.required, "type": el.typ, "sort": el.sort}
		// A choice's options, so the page offers them (not in the reference).
		if xf := x.field(el.name); xf != nil && xf.Kind == "EnumField" {
			d["options"] = xf.EnumValues
		}
		elems[i] = d
	}
	var theme any
	if t, ok := f.rec.Values["theme"]; ok && t != nil {
		theme = f.rec.Type.Field("theme").Kind.Encode(t, value.Options{})
	}
	out := map[string]any{"contentType": "CustomLeadForm", "id": f.rec.ID, "name": f.str("name"), "type": f.str("type"),
		"afterSubmitText": f.str("afterSubmitText"), "collectUtm": f.on("collectUtm"), "theme": theme,
		"isCaptchaEnabled": f.on("isCaptchaEnabled"), "elements": elems}
	if f.on("isCaptchaEnabled") {
		id, err := captchas{m.Engine.DB}.issue(ctx, m.Engine.Now())
		if err != nil {
			return nil, err
		}
		out["captcha"] = map[string]any{"id": id, "image": PagePrefix + "captcha/" + id + ".png"}
	}
	return out, nil
}

// process serves a post (POST /customLeadForm/{id}/process/{kind}, no
// sign-in; the captcha's answer in token): the form's afterSubmitText.
func (a *HTTP) process(kind string) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		in, res := r.Input()
		if res != nil {
			return *res
		}
		f, err := a.Forms.Submit(ctx, r.Scope().Account, r.IDs[0], kind, in, r.ClientIP(), tokenOf(r))
		var bad *entity.Invalid
		if errors.As(err, &bad) && len(bad.Errors) == 1 && bad.Errors[0].Code == CodeTooMany {
			return api.Fail(http.StatusTooManyRequests, CodeTooMany, r.Message(CodeTooMany))
		}
		if err != nil {
			return r.Fail(err)
		}
		return api.OK(map[string]any{"contentType": "Response", "afterSubmitText": f.str("afterSubmitText")})
	}
}

// tokenOf reads the captcha's answer: ?token=012345, ?token="012345",
// and ?token=123456, which the query reads as a number.
func tokenOf(r *api.Request) string {
	raw, ok := r.Query("token")
	if !ok {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.Trim(s, `"`) // ?token="012345", quotes and all
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String()
	}
	return ""
}

package finance

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Codes of the template rules' refusals.
const (
	CodeTemplateBlock = "template_block"
	CodeTemplateImage = "template_image"
)

var templateWording = map[string][2]string{
	CodeTemplateBlock: {"Неизвестный блок печатной формы: %s", "Unknown block of the printed form: %s"},
	CodeTemplateImage: {"Нужен файл изображения PNG или JPEG", "A PNG or JPEG image file is needed"},
}

func (a *HTTP) templateRoutes(rt *api.Routes) {
	rt.Handle("GET /invoice/template", a.listTemplates)
	rt.Handle("POST /invoice/template", a.saveTemplate)
	rt.Handle("GET /invoice/template/{id}", a.oneTemplate)
	rt.Handle("POST /invoice/template/{id}", a.saveTemplate)
	rt.Handle("DELETE /invoice/template/{id}", a.deleteTemplate)
	rt.Describe("POST /invoice/template", [2]string{"Новый шаблон счёта (администратор)", "A new invoice template (administrator)"})
	rt.Describe("GET /invoice/template/{id}", [2]string{"Шаблон счёта", "An invoice template"})
	rt.Describe("POST /invoice/template/{id}", [2]string{"Изменить шаблон счёта (администратор)", "Change an invoice template (administrator)"})
	rt.Describe("DELETE /invoice/template/{id}", [2]string{"Удалить шаблон счёта (администратор)", "Delete an invoice template (administrator)"})
	rt.Handle("GET /invoice/templateVariables", a.templateVariables)
	rt.Messages(templateWording)
}

// EncodeTemplate is a template as the reference's InvoiceTemplate, with
// Artel's header and hidden (the blocks left out of the form).
func EncodeTemplate(t *Template) map[string]any {
	files := func(id int64) []any {
		if id == 0 {
			return []any{}
		}
		return []any{value.EncodeLink(value.Link{Type: "File", ID: id})}
	}
	sigs := make([]any, len(t.Signatures))
	for i, s := range t.Signatures {
		sigs[i] = map[string]any{"title": s.Title, "name": s.Name}
	}
	out := map[string]any{"contentType": "InvoiceTemplate", "id": fmt.Sprint(t.ID), "name": t.Name,
		"description": t.Description, "header": t.Header, "conditions": t.Conditions, "signatures": sigs,
		"hidden": orEmptyList(t.Hidden), "logo": files(t.Logo), "logoCount": len(files(t.Logo)),
		"stamp": files(t.Stamp), "stampCount": len(files(t.Stamp)), "isDefault": t.Default, "isCustom": false,
		"timeCreated": value.DateTime{}.Encode(t.CreatedAt, value.Options{}),
		"timeUpdated": value.DateTime{}.Encode(t.UpdatedAt, value.Options{})}
	if t.UserCreated != 0 {
		out["userCreated"] = value.EncodeLink(value.Link{Type: "Employee", ID: t.UserCreated})
		out["userUpdated"] = value.EncodeLink(value.Link{Type: "Employee", ID: t.UserUpdated})
	}
	return out
}

// listTemplates serves the reference's GET /invoice/template: every
// employee picks a template for an invoice.
func (a *HTTP) listTemplates(ctx context.Context, r *api.Request) api.Response {
	list, err := a.Invoices.Templates(ctx, r.Scope().Account)
	if err != nil {
		return r.Fail(err)
	}
	out := make([]any, len(list))
	for i, t := range list {
		out[i] = EncodeTemplate(t)
	}
	return api.Response{Status: http.StatusOK, Data: out, Pagination: &api.Pagination{Count: int64(len(out)), Limit: len(out)}}
}

func (a *HTTP) oneTemplate(ctx context.Context, r *api.Request) api.Response {
	t, err := a.Invoices.Template(ctx, r.Scope().Account, r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(EncodeTemplate(t))
}

// saveTemplate creates or changes a template: administrators only, as
// the form is the company's.
func (a *HTTP) saveTemplate(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	if !sc.Admin && !sc.System {
		return r.Denied()
	}
	t := &Template{Account: sc.Account}
	if len(r.IDs) > 0 {
		var err error
		if t, err = a.Invoices.Template(ctx, sc.Account, r.IDs[0]); err != nil {
			return r.Fail(err)
		}
	}
	in, res := r.Input()
	if res != nil {
		return *res
	}
	if err := a.applyTemplate(ctx, sc, t, in); err != nil {
		return r.Fail(err)
	}
	t.UserUpdated = sc.Actor.ID
	if err := a.Invoices.SaveTemplate(ctx, t); err != nil {
		return r.Fail(err)
	}
	return api.OK(EncodeTemplate(t))
}

func (a *HTTP) deleteTemplate(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	if !sc.Admin && !sc.System {
		return r.Denied()
	}
	if err := a.Invoices.DeleteTemplate(ctx, sc.Account, r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"contentType": "Response", "status": "ok"})
}

// applyTemplate writes the fields a body names onto a template; what it
// leaves out stays. All refusals come together, and nothing is written.
func (a *HTTP) applyTemplate(ctx context.Context, sc entity.Scope, t *Template, in entity.Input) error {
	bad := &entity.Invalid{}
	for _, f := range []struct {
		name string
		dst  *string
	}{{"name", &t.Name}, {"description", &t.Description}, {"header", &t.Header}, {"conditions", &t.Conditions}} {
		if raw, ok := in[f.name]; ok && string(raw) != "null" && json.Unmarshal(raw, f.dst) != nil {
			bad.Add(f.name, value.CodeType, "string")
		}
	}
	if raw, ok := in["isDefault"]; ok && string(raw) != "null" && json.Unmarshal(raw, &t.Default) != nil {
		bad.Add("isDefault", value.CodeType, "boolean")
	}
	if raw, ok := in["signatures"]; ok {
		var sigs []Signature
		if string(raw) != "null" && json.Unmarshal(raw, &sigs) != nil {
			bad.Add("signatures", value.CodeType, "Signature[]")
		}
		t.Signatures = sigs
	}
	if raw, ok := in["hidden"]; ok {
		var hidden []string
		if string(raw) != "null" && json.Unmarshal(raw, &hidden) != nil {
			bad.Add("hidden", value.CodeType, "string[]")
		}
		for _, h := range hidden {
			if !slices.Contains(printable, h) {
				bad.Add("hidden", CodeTemplateBlock, h)
			}
		}
		t.Hidden = hidden
	}
	for _, f := range []struct {
		name string
		dst  *int64
	}{{"logo", &t.Logo}, {"stamp", &t.Stamp}} {
		raw, ok := in[f.name]
		if !ok {
			continue
		}
		links, err := value.DecodeLinks(raw, []string{"File"})
		if err != nil || len(links) > 1 {
			bad.Add(f.name, value.CodeType, "File[]")
			continue
		}
		*f.dst = 0
		if len(links) == 1 {
			if _, err := a.templateImage(ctx, sc, links[0].ID); err != nil {
				bad.Add(f.name, CodeTemplateImage, "")
				continue
			}
			*f.dst = links[0].ID
		}
	}
	if len(bad.Errors) > 0 {
		return bad
	}
	return nil
}

// templateImage reads a File the scope sees that is a PNG or JPEG, and
// names its fpdf image type.
func (a *HTTP) templateImage(ctx context.Context, sc entity.Scope, id int64) (string, error) {
	if a.Invoices.Files == nil {
		return "", entity.ErrNotFound
	}
	_, data, err := a.Invoices.Files.Open(ctx, sc, id)
	if err != nil {
		return "", err
	}
	kind := imageKind(data)
	if kind == "" {
		return "", entity.ErrNotFound
	}
	return kind, nil
}

// imageKind is "PNG" or "JPG" by the bytes themselves, "" for others.
func imageKind(data []byte) string {
	switch ct := http.DetectContentType(data); {
	case ct == "image/png":
		return "PNG"
	case strings.HasPrefix(ct, "image/jpeg"):
		return "JPG"
	}
	return ""
}

package finance_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/finance/pdf/pdftest"
)

func pngBytes(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	for i := range 8 {
		img.Set(i, i, color.RGBA{R: 200, A: 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// An administrator edits the printed form through /invoice/template; an
// invoice prints with the template it names, or the default one.
func TestInvoiceTemplates(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 1000)
		inv := must(t, b.invoice(nil, row("Консультация", "price", rub(1200.5), "unit",
			map[string]any{"contentType": "Unit", "name": "час"})))
		id := inv["id"].(string)
		pdfText := func() string {
			r := h.Do("GET", "/api/v3/invoice/"+id+"/pdf", apitest.Req{})
			if r.Status != 200 {
				t.Fatalf("pdf: %d %s", r.Status, r.Body)
			}
			return pdftest.Text(t, r.Body)
		}
		// Without a template: the built-in form.
		if text := pdfText(); !strings.Contains(text, "Руководитель ____________________ Бухгалтер ____") {
			t.Errorf("the built-in signatures:\n%s", text)
		}

		logo := must(t, h.Upload(t, "", "logo.png", pngBytes(t)))["id"].(string)
		notImage := must(t, h.Upload(t, "", "notes.txt", []byte("plain text")))["id"].(string)
		list := h.Do("GET", "/api/v3/invoice/template", apitest.Req{})
		if list.Status != 200 || len(list.List()) != 0 {
			t.Fatalf("no templates yet: %d %s", list.Status, list.Body)
		}
		first := must(t, h.Do("POST", "/api/v3/invoice/template", apitest.Req{Body: map[string]any{
			"name": "Основной", "header": "ООО «Артель» — ёлочные игрушки с 1998 года",
			"conditions": "Счёт действителен пять банковских дней.",
			"signatures": []any{map[string]any{"title": "Генеральный директор", "name": "Иванов И. И."},
				map[string]any{"title": "Главный бухгалтер", "name": "Петрова А. С."}},
			"logo": []any{apitest.Link("File", logo)}, "stamp": []any{apitest.Link("File", logo)}}}))
		if first["isDefault"] != true || first["logoCount"].(float64) != 1 {
			t.Errorf("the first template is the default, with its logo: %v", first)
		}
		text := pdfText()
		for _, want := range []string{"ООО «Артель» — ёлочные игрушки с 1998 года", "Счёт действителен пять банковских дней.",
			"Генеральный директор ____________________ Иванов И. И.", "Главный бухгалтер ____________________ Петрова А. С.",
			"БИК", "Покупатель (Заказчик):", "1 час 1 200,50", "Итого к оплате: Одна тысяча двести рублей 50 копеек"} {
			if !strings.Contains(text, want) {
				t.Errorf("the default template's PDF lacks %q:\n%s", want, text)
			}
		}
		r := h.Do("GET", "/api/v3/invoice/"+id+"/pdf", apitest.Req{})
		if n := pdftest.Images(t, r.Body); n != 2 {
			t.Errorf("logo and stamp: %d images", n)
		}

		// A second template, named by the invoice: blocks left out.
		short := must(t, h.Do("POST", "/api/v3/invoice/template", apitest.Req{Body: map[string]any{
			"name": "Краткий", "hidden": []any{"bank", "unit", "totalInWords", "signatures"}}}))
		if short["isDefault"] != false {
			t.Errorf("a second template is not the default: %v", short)
		}
		must(t, h.Do("POST", "/api/v3/invoice/"+id, apitest.Req{Body: map[string]any{
			"invoiceTemplate": apitest.Link("InvoiceTemplate", short["id"].(string))}}))
		text = pdfText()
		for _, gone := range []string{"БИК", "час", "Одна тысяча", "Руководитель", "Иванов", "ёлочные"} {
			if strings.Contains(text, gone) {
				t.Errorf("the short template prints %q:\n%s", gone, text)
			}
		}
		if !strings.Contains(text, "Итого: 1 200,50") {
			t.Errorf("the short form lost the total:\n%s", text)
		}
		// Made default, the second one takes it from the first.
		must(t, h.Do("POST", "/api/v3/invoice/template/"+short["id"].(string), apitest.Req{Body: map[string]any{"isDefault": true}}))
		got := h.Do("GET", "/api/v3/invoice/template", apitest.Req{}).List()
		if len(got) != 2 || got[0]["name"] != "Краткий" || got[1]["isDefault"] != false {
			t.Errorf("one default, listed first: %v", got)
		}
		// Its template deleted, the invoice prints with the default one.
		must(t, h.Do("DELETE", "/api/v3/invoice/template/"+short["id"].(string), apitest.Req{}))
		must(t, h.Do("POST", "/api/v3/invoice/template/"+first["id"].(string), apitest.Req{Body: map[string]any{"isDefault": true}}))
		if text := pdfText(); !strings.Contains(text, "Иванов И. И.") {
			t.Errorf("after the named template went, the default one:\n%s", text)
		}

		// Refusals: 422 with the fields named, 403 for an employee, 404.
		bad := h.Do("POST", "/api/v3/invoice/template", apitest.Req{Body: map[string]any{
			"name": " ", "hidden": []any{"everything"}, "logo": []any{apitest.Link("File", notImage)}}})
		if bad.Status != 422 || !strings.Contains(string(bad.Body), `"hidden"`) || !strings.Contains(string(bad.Body), `"logo"`) {
			t.Errorf("bad template: %d %s", bad.Status, bad.Body)
		}
		if r := h.Do("POST", "/api/v3/invoice/template", apitest.Req{Body: map[string]any{"name": " "}}); r.Status != 422 ||
			!strings.Contains(string(r.Body), `"name"`) {
			t.Errorf("a nameless template: %d %s", r.Status, r.Body)
		}
		if r := h.Do("POST", "/api/v3/invoice/template", apitest.Req{Body: `{"name":`}); r.Status != 400 {
			t.Errorf("malformed: %d", r.Status)
		}
		clerk := h.NewUser(t, "clerk")
		if r := h.Do("POST", "/api/v3/invoice/template/"+first["id"].(string), apitest.Req{Token: clerk,
			Body: map[string]any{"name": "Мой"}}); r.Status != 403 {
			t.Errorf("an employee edits a template: %d", r.Status)
		}
		if r := h.Do("GET", "/api/v3/invoice/template", apitest.Req{Token: clerk}); r.Status != 200 || len(r.List()) != 1 {
			t.Errorf("an employee lists templates: %d %s", r.Status, r.Body)
		}
		for _, m := range []string{"GET", "POST", "DELETE"} {
			if r := h.Do(m, "/api/v3/invoice/template/999999", apitest.Req{Body: map[string]any{}}); r.Status != 404 {
				t.Errorf("%s a missing template: %d", m, r.Status)
			}
		}
		if n := count(t, h, "SELECT COUNT(*) FROM invoice_templates"); n != 1 {
			t.Errorf("templates kept: %d", n)
		}
	})
}

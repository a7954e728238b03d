package finance

import (
	"context"
	"net/http"
	"strings"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/module/finance/pdf"
)

// A template's header and conditions may name the invoice's values as
// {variable}: they print with the invoice's own (docs/finance.md,
// "Templates"). GET /invoice/templateVariables lists them.

// variables are the names a template may use, with their labels (ru, en).
var variables = []struct {
	name  string
	label [2]string
}{
	{"number", [2]string{"Номер счёта", "The invoice's number"}},
	{"date", [2]string{"Дата счёта", "The invoice's date"}},
	{"deadline", [2]string{"Срок оплаты", "Pay by"}},
	{"sum", [2]string{"Сумма счёта", "The invoice's sum"}},
	{"payer", [2]string{"Плательщик", "The payer"}},
	{"recipient", [2]string{"Получатель", "The recipient"}},
}

// fillVariables puts an invoice's values into its form's texts.
func fillVariables(doc *pdf.Invoice) {
	values := map[string]string{"number": doc.Number, "date": doc.Date, "deadline": doc.Deadline,
		"sum": pdf.Amount(doc.Total), "payer": doc.Payer.Name, "recipient": doc.Payee.Name}
	pairs := make([]string, 0, 2*len(values))
	for _, v := range variables {
		pairs = append(pairs, "{"+v.name+"}", values[v.name])
	}
	r := strings.NewReplacer(pairs...)
	doc.Form.Header = r.Replace(doc.Form.Header)
	doc.Form.Conditions = r.Replace(doc.Form.Conditions)
}

// templateVariables answers GET /invoice/templateVariables: each
// variable as a Variable, its label and what to write. Templates name no
// file, so onlyForFileName answers 422 param_not_supported.
func (a *HTTP) templateVariables(_ context.Context, r *api.Request) api.Response {
	if raw, given := r.Query("onlyForFileName"); given && string(raw) != "false" && string(raw) != `"false"` {
		return r.FieldFail("onlyForFileName", "param_not_supported")
	}
	lang := 0
	if r.Scope().Lang == "en" {
		lang = 1
	}
	out := make([]any, len(variables))
	for i, v := range variables {
		out[i] = map[string]any{"contentType": "Variable", "name": v.label[lang], "value": "{" + v.name + "}"}
	}
	return api.Response{Status: http.StatusOK, Data: out, Pagination: &api.Pagination{Count: int64(len(out)), Limit: len(out)}}
}

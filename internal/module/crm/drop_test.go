package crm_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestDropRestoreDelete(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		id := create(t, h, "contractorCompany", map[string]any{"name": "ЗАО «Вектор»"})
		create(t, h, "contractorCompany", map[string]any{"name": "ИП Кузнецов"})
		path := "/api/v3/contractorCompany/" + id
		list := func(filter string, want ...string) apitest.Scenario {
			return apitest.Scenario{Name: "list " + filter, Method: "GET", Status: 200,
				Path: "/api/v3/contractorCompany" + apitest.Q(`{"filter":{"contentType":"CrmFilter","id":"`+filter+`"}}`),
				Check: func(t *testing.T, r *apitest.Resp) {
					if got := names(r); len(got) != len(want) || (len(want) > 0 && got[0] != want[0]) {
						t.Errorf("%s lists %v, want %v", filter, got, want)
					}
				}}
		}
		h.Run(t, []apitest.Scenario{
			{Name: "a bad mode is refused", Method: "DELETE", Path: path, Status: 422,
				Req: apitest.Req{Body: map[string]any{"mode": "shred"}}, Contains: []string{`"field":"mode"`}},
			{Name: "a live client may be dropped", Method: "GET", Path: path, Status: 200, Contains: []string{`"act_fake_drop"`}, NotContains: []string{`"act_restore"`}},
			{Name: "the first delete drops", Method: "DELETE", Path: path, Status: 200, Contains: []string{`"isDropped":true`, `"act_restore"`}, NotContains: []string{`"act_fake_drop"`}},
			list("all", "ИП Кузнецов"),
			list("dropped", "ЗАО «Вектор»"),
			{Name: "restore", Method: "POST", Path: path, Status: 200,
				Req: apitest.Req{Body: map[string]any{"isDropped": false}}, Contains: []string{`"isDropped":false`}},
			list("dropped"),
			{Name: "only_fake_drop drops", Method: "DELETE", Path: path, Status: 200,
				Req: apitest.Req{Body: map[string]any{"mode": "only_fake_drop"}}, Contains: []string{`"isDropped":true`}},
			{Name: "a dropped client is deleted forever", Method: "DELETE", Path: path, Status: 200},
			{Name: "gone", Method: "GET", Path: path, Status: 404},
		})
	})
}

func TestDeleteRefusedWhileInvoiced(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		payerOf := func(owner map[string]any) map[string]any {
			id := create(t, h, "payer", map[string]any{"type": "Legal", "name": "Реквизиты",
				"country": map[string]any{"contentType": "Country", "id": "1"}, "contractor": owner})
			return map[string]any{"contentType": "Payer", "id": id}
		}
		client := create(t, h, "contractorCompany", map[string]any{"name": "ООО «Север»"})
		clientLink := map[string]any{"contentType": "ContractorCompany", "id": client}
		ours := payerOf(nil)
		theirs := payerOf(clientLink)
		create(t, h, "invoice", map[string]any{"name": "Счёт 1", "invoiceDate": map[string]any{"contentType": "DateOnly", "year": 2026, "month": 0, "day": 15}, "payer": theirs, "recipient": ours, "consignee": theirs})
		lang := apitest.Req{Headers: map[string]string{"Accept-Language": "en"}}
		h.Run(t, []apitest.Scenario{
			{Name: "a client with an invoice is not deleted forever", Method: "DELETE", Path: "/api/v3/contractorCompany/" + client, Status: 422,
				Req: apitest.Req{Body: map[string]any{"mode": "force_drop"}}, Contains: []string{"Невозможно удалить, пока есть счета с этим клиентом", `"type":"client_invoiced"`}},
			{Name: "nor through /contractor", Method: "DELETE", Path: "/api/v3/contractor/" + client, Status: 422,
				Req: apitest.Req{Body: map[string]any{"mode": "force_drop"}}, Contains: []string{"client_invoiced"}},
			{Name: "but may be dropped", Method: "DELETE", Path: "/api/v3/contractorCompany/" + client, Status: 200, Contains: []string{`"isDropped":true`}},
			{Name: "and still not deleted once dropped", Method: "DELETE", Path: "/api/v3/contractorCompany/" + client, Status: 422, Req: lang,
				Contains: []string{"Cannot delete while there are invoices with this client"}},
			{Name: "the recipient payer is kept", Method: "DELETE", Path: "/api/v3/payer/" + ours["id"].(string), Status: 422,
				Contains: []string{"Невозможно удалить, пока есть счета с этим получателем"}},
			{Name: "the payer is kept", Method: "DELETE", Path: "/api/v3/payer/" + theirs["id"].(string), Status: 422,
				Contains: []string{"Невозможно удалить, пока есть счета с этим плательщиком"}},
			{Name: "the client is still there", Method: "GET", Path: "/api/v3/contractorCompany/" + client, Status: 200},
		})
	})
}

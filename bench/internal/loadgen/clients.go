package loadgen

import (
	"context"
	"errors"
)

// The client list screen (web/src/features/crm/ClientListPage.tsx): people
// and companies in one list (GET /contractor), a page of 25 through the
// "all" filter, with the deal and invoice figures and the balance a
// list shows when its columns ask for them (docs/crm.md), every column on;
// like every list of the web app (web/src/data/lists.ts), it asks for
// onlyRequestedFields.
var clientFields = []string{"name", "firstName", "lastName", "middleName", "contactInfo", "position", "company", "isDropped",
	"countDeals", "summDeals", "countInvoice", "summInvoice", "summAccountReceivable", "balance"}

func clientPage(q string) string {
	query := map[string]any{"limit": 25, "fields": clientFields, "onlyRequestedFields": true, "filter": map[string]any{"contentType": "CrmFilter", "id": "all"}}
	if q != "" {
		query["q"] = q
	}
	return "/api/v3/contractor" + Q(query)
}

// ClientList is the list's first page, as the administrator.
func (a *API) ClientList(ctx context.Context, w *Worker) error { return a.get(ctx, clientPage("")) }

// ClientListEmployee is the same as an ordinary employee, who sees the
// clients they are responsible for.
func (a *API) ClientListEmployee(ctx context.Context, w *Worker) error {
	return a.asEmployee(ctx, clientPage(""))
}

// ClientSearch is the list's search box: a surname of the generated people.
func (a *API) ClientSearch(ctx context.Context, w *Worker) error {
	if len(a.A.ClientWords) == 0 {
		return errors.New("no client words")
	}
	return a.get(ctx, clientPage(a.A.ClientWords[w.Rand.IntN(len(a.A.ClientWords))]))
}

// ClientSearchEmployee is the same search as an ordinary employee.
func (a *API) ClientSearchEmployee(ctx context.Context, w *Worker) error {
	if len(a.A.ClientWords) == 0 {
		return errors.New("no client words")
	}
	return a.asEmployee(ctx, clientPage(a.A.ClientWords[w.Rand.IntN(len(a.A.ClientWords))]))
}

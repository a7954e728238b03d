package finance_test

import (
	"strings"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/finance/pdf/pdftest"
)

// The account's own legal entity (a payer marked isOwn) is the payee of
// every invoice that names none, prints as such with its bank
// requisites, and is listed by /payer/ownRecipients; only administrators
// make a payer the account's own.
func TestOwnRecipient(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		b := newBooks(t, h, 1000)
		recipientOf := func(inv map[string]any) string {
			if l, ok := inv["recipient"].(map[string]any); ok {
				return l["id"].(string)
			}
			return ""
		}
		// None yet: an invoice has no payee.
		if got := recipientOf(must(t, b.invoice(nil, row("Аванс", "price", rub(10))))); got != "" {
			t.Errorf("a payee without an own entity: %s", got)
		}
		country := map[string]any{"contentType": "Country", "id": "1"}
		_, clerk := h.Person(t, "Ольга", "olga", "olga long password")
		r := h.Do("POST", "/api/v3/payer", apitest.Req{Token: clerk, Body: map[string]any{"name": "ООО «Самозванец»", "type": "Legal", "country": country, "isOwn": true}})
		if r.Status != 403 {
			t.Fatalf("an employee's own entity: %d %s", r.Status, r.Body)
		}
		own := make1(t, h, "payer", map[string]any{"name": "ООО «Артель»", "type": "Legal", "country": country, "isOwn": true,
			"inn": "7700000001", "bank": "ПАО Сбербанк", "bik": "044525225", "currentAccount": "40702810938000000001"})
		second := make1(t, h, "payer", map[string]any{"name": "ИП Иванов", "type": "Legal", "country": country, "isOwn": true})
		if r := h.Do("POST", "/api/v3/payer/"+own, apitest.Req{Token: clerk, Body: map[string]any{"isOwn": false}}); r.Status != 403 && r.Status != 404 {
			t.Errorf("an employee unmarks the own entity: %d %s", r.Status, r.Body)
		}

		list := h.Do("GET", "/api/v3/payer/ownRecipients", apitest.Req{}).List()
		if len(list) != 2 || list[0]["id"] != second || list[1]["id"] != own {
			t.Errorf("own recipients: %v", list)
		}
		// The first own entity by default; one named stays.
		inv := must(t, b.invoice(nil, row("Поставка", "price", rub(1200.5), "tax", vat(20))))
		if recipientOf(inv) != own {
			t.Errorf("the default payee: %v", inv["recipient"])
		}
		if got := recipientOf(must(t, b.invoice(map[string]any{"recipient": apitest.Link("Payer", second)}, row("Аванс", "price", rub(10))))); got != second {
			t.Errorf("the named payee: %s", got)
		}
		// An invoice to the own entity itself is paid to the other one.
		if got := recipientOf(must(t, b.invoice(map[string]any{"payer": apitest.Link("Payer", own)}, row("Аванс", "price", rub(10))))); got != second {
			t.Errorf("billing ourselves: %s", got)
		}
		text := pdftest.Text(t, h.Do("GET", "/api/v3/invoice/"+inv["id"].(string)+"/pdf", apitest.Req{}).Body)
		for _, want := range []string{"ООО «Артель»", "ИНН 7700000001", "ПАО Сбербанк", "044525225", "40702810938000000001"} {
			if !strings.Contains(text, want) {
				t.Errorf("the PDF lacks the payee's %q:\n%s", want, text)
			}
		}
		// Unmarked, it is no longer the default.
		if r := h.Do("POST", "/api/v3/payer/"+own, apitest.Req{Body: map[string]any{"isOwn": false}}); r.Status != 200 {
			t.Fatalf("unmark: %s", r.Body)
		}
		if got := recipientOf(must(t, b.invoice(nil, row("Аванс", "price", rub(10))))); got != second {
			t.Errorf("the default after unmarking: %s", got)
		}
	})
}

// /invoice/realAccounts lists the bank accounts, not the cash desks;
// /finOperation/types the operation types.
func TestInvoiceRealAccountsAndTypes(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		bank := make1(t, h, "finRealAccount", map[string]any{"name": "Сбербанк", "kind": "bank", "number": "40702810938000012345"})
		make1(t, h, "finRealAccount", map[string]any{"name": "Касса", "kind": "cash"})
		if list := h.Do("GET", "/api/v3/invoice/realAccounts", apitest.Req{}).List(); len(list) != 1 || list[0]["id"] != bank {
			t.Errorf("real accounts: %v", list)
		}
		rent := make1(t, h, "finOperationType", map[string]any{"name": "Аренда"})
		if list := h.Do("GET", "/api/v3/finOperation/types", apitest.Req{}).List(); len(list) != 1 || list[0]["id"] != rent || list[0]["name"] != "Аренда" {
			t.Errorf("operation types: %v", list)
		}
		_, clerk := h.Person(t, "Ольга", "olga", "olga long password")
		if r := h.Do("GET", "/api/v3/finOperation/types", apitest.Req{Token: clerk}); r.Status != 200 && r.Status != 403 {
			t.Errorf("an employee's operation types: %d %s", r.Status, r.Body)
		}
	})
}

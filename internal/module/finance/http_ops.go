package finance

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/value"
)

// transferFault, when set (by tests), fails a transfer between its two
// halves: the proof that a transfer is never half written.
var transferFault func() error

// transfer answers POST /finOperation/createTransfer: two operations of
// kind transfer, the sending account's expense and the receiving
// account's income, paired to each other and by a FinOperationLink, all
// in one transaction. It answers the sending half.
func (a *HTTP) transfer(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	debit, credit := linkID(in["debitAccount"]), linkID(in["creditAccount"])
	switch {
	case debit == 0:
		return r.FieldFail("debitAccount", entity.CodeRequired)
	case credit == 0:
		return r.FieldFail("creditAccount", entity.CodeRequired)
	case debit == credit:
		return r.FieldFail("creditAccount", CodeSameAccount)
	}
	sc := r.Scope()
	var first *entity.Record
	err := a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		machine := asMachine(ctx)
		leg := func(account json.RawMessage, side string) (*entity.Record, error) {
			body := entity.Input{"kind": json.RawMessage(`"transfer"`), "realAccount": account, side: in["sum"]}
			for _, f := range []string{"sum", "date", "description"} {
				if v, ok := in[f]; ok {
					body[f] = v
				}
			}
			if v, ok := in["operationType"]; ok {
				body["type"] = v
			}
			return a.Engine.Create(machine, sc, "FinOperation", body)
		}
		var err error
		if first, err = leg(in["debitAccount"], "expenseSum"); err != nil {
			return err
		}
		if transferFault != nil {
			if err := transferFault(); err != nil {
				return err
			}
		}
		second, err := leg(in["creditAccount"], "incomeSum")
		if err != nil {
			return err
		}
		for _, p := range [][2]*entity.Record{{first, second}, {second, first}} {
			c := entity.NewChange(system(sc), p[0].Type, p[0])
			c.Links["pairedOperation"] = &value.Link{Type: "FinOperation", ID: p[1].ID}
			if _, err := a.Engine.Save(machine, c); err != nil {
				return err
			}
		}
		sum, _ := money.Parse(first.String("sum"))
		_, err = a.Engine.Create(machine, system(sc), "FinOperationLink", entity.Input{
			"primaryOperation":   linkJSON(first.ID),
			"secondaryOperation": linkJSON(second.ID),
			"sum":                json.RawMessage(mustJSON(moneyValue(sum))),
		})
		if err == nil {
			first, err = a.Engine.Get(ctx, sc, "FinOperation", first.ID)
		}
		return err
	})
	if err != nil {
		return r.Fail(err)
	}
	return r.One(ctx, first, entity.Selection{Full: true})
}

// link answers POST /finOperation/{id}/linkWith and unlinkWith: an
// income pays an invoice (FinOperation.invoices) or a deal
// (FinOperation.deal), or stops paying it.
func (a *HTTP) link(on bool) api.Handler {
	return func(ctx context.Context, r *api.Request) api.Response {
		in, res := r.Input()
		if res != nil {
			return *res
		}
		var target struct {
			ContentType string `json:"contentType"`
		}
		raw, _ := json.Marshal(in)
		_ = json.Unmarshal(raw, &target)
		id := linkID(raw)
		if id == 0 || (target.ContentType != "Invoice" && target.ContentType != "Deal") {
			return r.FieldFail("contentType", CodeLinkTarget)
		}
		sc := r.Scope()
		op := r.IDs[0]
		var rec *entity.Record
		err := a.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
			body := entity.Input{}
			if target.ContentType == "Deal" {
				body["deal"] = json.RawMessage("null")
				if on {
					body["deal"] = json.RawMessage(mustJSON(map[string]any{"contentType": "Deal", "id": strconv.FormatInt(id, 10)}))
				}
			} else {
				have, err := a.Invoices.invoicesOf(ctx, sc.Account, op)
				if err != nil {
					return err
				}
				var list []map[string]any
				for _, inv := range have {
					if inv != id {
						list = append(list, map[string]any{"contentType": "Invoice", "id": strconv.FormatInt(inv, 10)})
					}
				}
				if on {
					list = append(list, map[string]any{"contentType": "Invoice", "id": strconv.FormatInt(id, 10)})
				}
				if list == nil {
					list = []map[string]any{}
				}
				body["invoices"] = json.RawMessage(mustJSON(list))
			}
			var err error
			rec, err = a.Engine.Update(ctx, sc, "FinOperation", op, body)
			return err
		})
		if err != nil {
			return r.Fail(err)
		}
		return r.One(ctx, rec, entity.Selection{Full: true})
	}
}

// linkID is the id of a link given as {"contentType":…,"id":…}.
func linkID(raw json.RawMessage) int64 {
	var l struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(raw, &l) != nil || len(l.ID) == 0 {
		return 0
	}
	var s string
	if json.Unmarshal(l.ID, &s) != nil {
		s = string(l.ID)
	}
	id, _ := strconv.ParseInt(s, 10, 64)
	return id
}

func linkJSON(id int64) json.RawMessage {
	return json.RawMessage(mustJSON(map[string]any{"contentType": "FinOperation", "id": strconv.FormatInt(id, 10)}))
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// importStatement answers POST /finOperation/importStatement: a bank
// statement (a multipart file, or "content" as text) booked on the
// account named by "realAccount" (a link or its id).
func (a *HTTP) importStatement(ctx context.Context, r *api.Request) api.Response {
	in, res := r.Input()
	if res != nil {
		return *res
	}
	account := linkID(in["realAccount"])
	if account == 0 {
		var s string
		if json.Unmarshal(in["realAccount"], &s) == nil {
			account, _ = strconv.ParseInt(s, 10, 64)
		}
	}
	if account == 0 {
		return r.FieldFail("realAccount", entity.CodeRequired)
	}
	var data []byte
	if files := r.Files(); len(files) > 0 {
		data = files[0].Data
	} else {
		var s string
		_ = json.Unmarshal(in["content"], &s)
		data = []byte(s)
	}
	if len(data) == 0 {
		return r.FieldFail("file", entity.CodeRequired)
	}
	var opt ImportOptions
	_ = json.Unmarshal(in["digest"], &opt.Digest)
	var preview any
	_ = json.Unmarshal(in["preview"], &preview)
	opt.Preview = preview == true || preview == "true" || preview == "1"
	out, err := a.Invoices.Import(ctx, r.Scope(), account, data, opt)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(out)
}

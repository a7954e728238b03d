package stock

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/money"
	"github.com/artel/artel/internal/value"
)

// The catalogue's CSV (GET /offer/export, POST /offer/import): UTF-8 with
// a byte-order mark and ";" between fields, as spreadsheet programs in
// Russian locales read and write it. The export adds a column per active
// price list (pricelist_io.go).
var csvHeader = []string{"id", "name", "article", "type", "price", "currency", "unit", "balance", "available"}

// maxImport bounds one import's rows.
const maxImport = 10000

// CodeImportFormat refuses a file that is not the catalogue's CSV.
const CodeImportFormat = "stock_import_format"

// Export writes every offer the reader sees (that lq filters) as CSV, by id.
func (m *Module) Export(ctx context.Context, sc entity.Scope, lq entity.ListQuery, w io.Writer) error {
	if _, err := w.Write([]byte("\uFEFF")); err != nil {
		return err
	}
	out := csv.NewWriter(w)
	out.Comma = ';'
	lists, err := m.activeLists(ctx, sc.Account)
	if err != nil {
		return err
	}
	header := append([]string(nil), csvHeader...)
	for _, l := range lists {
		header = append(header, l.Name)
	}
	if err := out.Write(header); err != nil {
		return err
	}
	var after int64
	for {
		lq.Limit, lq.PageAfter = entity.MaxLimit, after
		page, err := m.e.List(ctx, sc, "Offer", lq, value.Options{})
		if err != nil {
			return err
		}
		if err := m.fillOfferStock(ctx, sc, page.Records, nil); len(page.Records) > 0 && err != nil {
			return err
		}
		ids := make([]int64, len(page.Records))
		for i, o := range page.Records {
			ids[i] = o.ID
		}
		prices, err := m.pagePrices(ctx, sc.Account, ids, lists)
		if err != nil {
			return err
		}
		for _, o := range page.Records {
			price, _ := money.Parse(o.String("price"))
			amount := ""
			if o.String("price") != "" {
				amount = strconv.FormatFloat(float64(price.Kopecks)/100, 'f', 2, 64)
			}
			var unit struct {
				Name string `json:"name"`
			}
			_ = json.Unmarshal([]byte(o.String("unit")), &unit)
			num := func(f string) string { v, _ := o.Computed[f].(float64); return strconv.FormatFloat(v, 'f', -1, 64) }
			line := []string{strconv.FormatInt(o.ID, 10), o.String("name"), o.String("article"), o.String("type"),
				amount, price.Currency, unit.Name, num("balanceQuantity"), num("availableQuantity")}
			for _, l := range lists {
				cell := ""
				if a, ok := prices[o.ID][l.ID]; ok {
					cell = amountText(a)
				}
				line = append(line, cell)
			}
			if err := out.Write(line); err != nil {
				return err
			}
			after = o.ID
		}
		if !page.HasMoreNext || len(page.Records) == 0 {
			break
		}
	}
	out.Flush()
	return out.Error()
}

// Import creates offers from the catalogue's CSV (name required; id,
// balance and available are ignored: stock comes from consignments),
// all in one transaction: a refused row writes nothing. It answers the
// offers made.
func (m *Module) Import(ctx context.Context, sc entity.Scope, data []byte) ([]*entity.Record, error) {
	in := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\uFEFF"))))
	in.Comma = ';'
	in.FieldsPerRecord = -1
	rows, err := in.ReadAll()
	if err != nil || len(rows) < 1 || len(rows) > maxImport+1 {
		return nil, entity.Invalidf("file", CodeImportFormat, "")
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[strings.ToLower(strings.TrimSpace(h))] = i
	}
	if _, ok := col["name"]; !ok {
		return nil, entity.Invalidf("file", CodeImportFormat, "")
	}
	var made []*entity.Record
	err = m.e.DB.WithTx(ctx, func(ctx context.Context) error {
		for n, r := range rows[1:] {
			get := func(f string) string {
				if i, ok := col[f]; ok && i < len(r) {
					return strings.TrimSpace(r[i])
				}
				return ""
			}
			body := map[string]any{"name": get("name"), "type": "product"}
			if t := get("type"); t != "" {
				body["type"] = t
			}
			if a := get("article"); a != "" {
				body["article"] = a
			}
			if u := get("unit"); u != "" {
				body["unit"] = map[string]any{"contentType": "Unit", "name": u}
			}
			if p := strings.ReplaceAll(get("price"), ",", "."); p != "" {
				v, err := strconv.ParseFloat(p, 64)
				if err != nil {
					return entity.Invalidf("rows."+strconv.Itoa(n+1)+".price", value.CodeFormat, "")
				}
				cur := get("currency")
				if cur == "" {
					cur = "RUB"
				}
				body["price"] = map[string]any{"contentType": "Money", "value": v, "currency": cur}
			}
			input := entity.Input{}
			for k, v := range body {
				input[k], _ = json.Marshal(v)
			}
			rec, err := m.e.Create(ctx, sc, "Offer", input)
			if err != nil {
				return underRow(n+1, err)
			}
			made = append(made, rec)
		}
		return nil
	})
	return made, err
}

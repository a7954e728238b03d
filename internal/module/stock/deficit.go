package stock

import (
	"context"
	"fmt"
	"sort"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Deficit is an offer a consignment or deal needs more of than a
// warehouse can give: need against available (on hand plus expected,
// less others' reserves).
type Deficit struct {
	Offer           int64
	Need, Available int64
}

// Deficits are the offers of a consignment's rows or a deal's positions
// (times ratio) that the warehouse lacks.
func (m *Module) Deficits(ctx context.Context, sc entity.Scope, warehouse int64, of value.Link, ratio int64) ([]Deficit, error) {
	if _, err := m.e.Get(ctx, sc, "Warehouse", warehouse); err != nil {
		return nil, err
	}
	if _, err := m.e.Get(ctx, sc, of.Type, of.ID); err != nil {
		return nil, err
	}
	need, err := m.needs(ctx, sc, of)
	if err != nil {
		return nil, err
	}
	mine := map[key]share{}
	if of.Type == "Consignment" {
		if mine, err = m.applied(ctx, sc.Account, of.ID); err != nil {
			return nil, err
		}
	}
	var out []Deficit
	for offer, n := range need {
		k := key{warehouse, offer}
		b, err := m.balanceOrZero(ctx, sc.Account, k)
		if err != nil {
			return nil, err
		}
		// The consignment's own reserve is stock it already holds.
		avail := b.quantity + b.expected - b.reserved + mine[k].reserved
		if n*ratio > avail {
			out = append(out, Deficit{Offer: offer, Need: n * ratio, Available: max(avail, 0)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Offer < out[j].Offer })
	return out, nil
}

// needs are the product quantities a consignment's rows or a deal's
// positions name.
func (m *Module) needs(ctx context.Context, sc entity.Scope, of value.Link) (map[int64]int64, error) {
	sys := system(sc)
	switch of.Type {
	case "Consignment":
		return m.goods(ctx, sc.Account, of.ID)
	case "Deal":
		rows, err := m.positions(ctx, sys, of.ID)
		if err != nil {
			return nil, err
		}
		return m.productQuantities(ctx, sys, rows)
	}
	return nil, entity.Invalidf("contextEntity", entity.CodeLinkNotFound, of.Type)
}

// positions are a deal's positions (OfferRow.deal).
func (m *Module) positions(ctx context.Context, sc entity.Scope, deal int64) ([]*entity.Record, error) {
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT id FROM e_offerrow
		WHERE account_id = ? AND c_deal_i = ? ORDER BY id`), sc.Account, deal)
	if err != nil {
		return nil, fmt.Errorf("stock: positions of deal %d: %w", deal, err)
	}
	var ids []int64
	for q.Next() {
		var id int64
		if err := q.Scan(&id); err != nil {
			q.Close()
			return nil, err
		}
		ids = append(ids, id)
	}
	q.Close()
	if len(ids) == 0 {
		return nil, q.Err()
	}
	return m.e.GetMany(ctx, sc, "OfferRow", ids)
}

func (m *Module) balanceOrZero(ctx context.Context, account int64, k key) (share, error) {
	var s share
	q, err := m.e.DB.Q(ctx).QueryContext(ctx, m.e.DB.Dialect.Rebind(`SELECT quantity, reserved, expected
		FROM stock_balances WHERE account_id = ? AND warehouse_id = ? AND offer_id = ?`), account, k.warehouse, k.offer)
	if err != nil {
		return s, fmt.Errorf("stock: read balance: %w", err)
	}
	defer q.Close()
	if q.Next() {
		err = q.Scan(&s.quantity, &s.reserved, &s.expected)
	}
	return s, err
}

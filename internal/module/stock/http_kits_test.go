package stock_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// A kit lists its parts (OfferPart); an offer knows the kits it is in; a
// kit never contains itself, and a part's count is positive.
func TestKits(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		gift, box, tea := d.offer("Подарок", "product"), d.offer("Набор", "product"), d.offer("Чай", "product")
		part := func(offer, parent string, count any) *apitest.Resp {
			return h.Do("POST", "/api/v3/offerPart", apitest.Req{Body: map[string]any{"offer": apitest.Link("Offer", offer),
				"parent": apitest.Link("Offer", parent), "count": count}})
		}
		must(t, part(tea, box, 2))
		must(t, part(box, gift, 1))
		parts := must2(t, h.Do("GET", "/api/v3/offer/"+box+"/parts", apitest.Req{}))
		if len(parts) != 1 || parts[0]["count"] != 2.0 {
			t.Fatalf("parts: %v", parts)
		}
		if parents := must2(t, h.Do("GET", "/api/v3/offer/"+box+"/parents", apitest.Req{})); len(parents) != 1 {
			t.Fatalf("parents: %v", parents)
		}
		refused(t, part(box, box, 1), "stock_kit_cycle", "Комплект не может входить сам в себя")
		refused(t, part(gift, tea, 1), "stock_kit_cycle", "")
		refused(t, part(tea, gift, 0), "out_of_range", "")
		refused(t, part(tea, gift, -1), "out_of_range", "")
		if r := h.Do("POST", "/api/v3/offerPart", apitest.Req{Body: map[string]any{"offer": apitest.Link("Offer", tea), "count": 1}}); r.Status != 422 {
			t.Fatalf("a part of nothing: %d", r.Status)
		}
	})
}

package stock_test

import (
	"testing"

	"github.com/artel/artel/internal/apitest"
)

// The offer card's picture upload, as the screen makes it: the file is
// uploaded, attached to the offer, and made its photo; the card's read
// answers both, and taking the photo off leaves the attachment.
func TestOfferPictures(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		d := &depot{t: t, h: h}
		tea := d.offer("Чай", "product")
		png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89")
		file := must(t, h.Upload(t, "", "tea.png", png))
		link := apitest.Link("File", file["id"].(string))
		must(t, h.Do("POST", "/api/v3/offer/"+tea+"/attaches", apitest.Req{Body: link}))
		must(t, h.Do("POST", "/api/v3/offer/"+tea, apitest.Req{Body: map[string]any{"photo": link}}))
		o := must(t, h.Do("GET", "/api/v3/offer/"+tea, apitest.Req{}))
		photo, _ := o["photo"].(map[string]any)
		attaches, _ := o["attaches"].([]any)
		if photo == nil || photo["id"] != file["id"] || len(attaches) != 1 || attaches[0].(map[string]any)["id"] != file["id"] {
			t.Fatalf("the offer's pictures: photo %v, attaches %v", o["photo"], o["attaches"])
		}
		must(t, h.Do("POST", "/api/v3/offer/"+tea, apitest.Req{Body: map[string]any{"photo": nil}}))
		o = must(t, h.Do("GET", "/api/v3/offer/"+tea, apitest.Req{}))
		if o["photo"] != nil || len(o["attaches"].([]any)) != 1 {
			t.Fatalf("after the photo is taken off: %v, %v", o["photo"], o["attaches"])
		}
		if r := h.Do("POST", "/api/v3/offer/"+tea, apitest.Req{Body: map[string]any{"photo": apitest.Link("File", "999999")}}); r.Status != 422 {
			t.Errorf("a photo of no file: %d %s", r.Status, r.Body)
		}
	})
}

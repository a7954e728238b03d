package doc_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, h/2, color.RGBA{R: 200, A: 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// An image version gets a PNG thumbnail that fits 320×320, seen by who
// reads the document; a file that is no image, or a broken one, gets
// none and is saved all the same.
func TestThumbnails(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		c.give(t, apitest.Link("DocFolder", c.root), apitest.Link("Employee", c.ivanID), "reader")
		version := func(name string, data []byte) map[string]any {
			t.Helper()
			f := must(t, h.Upload(t, c.olga, name, data))
			d := must(t, c.do("POST", "/doc", c.olga, map[string]any{"name": name, "folder": apitest.Link("DocFolder", c.root),
				"content": apitest.Link("File", f["id"].(string))}))
			return must(t, c.do("GET", "/doc/"+d["id"].(string)+"/actualVersion", c.olga, nil))
		}
		v := version("план.png", pngOf(t, 640, 200))
		th, ok := v["thumbnail"].(map[string]any)
		if !ok {
			t.Fatalf("no thumbnail: %v", v)
		}
		r := c.do("GET", "/file/"+th["id"].(string)+"/download", c.ivan, nil)
		if r.Status != 200 {
			t.Fatalf("a reader's thumbnail: %d", r.Status)
		}
		img, err := png.Decode(bytes.NewReader(r.Body))
		if err != nil || img.Bounds().Dx() != 320 || img.Bounds().Dy() != 100 {
			t.Errorf("the thumbnail: %v %v", img.Bounds(), err)
		}
		if r := c.do("GET", "/file/"+th["id"].(string)+"/download", c.nina, nil); r.Status != 404 {
			t.Errorf("a stranger's thumbnail: %d", r.Status)
		}
		if v := version("мелкая.png", pngOf(t, 20, 10)); v["thumbnail"] == nil {
			t.Error("a small image keeps its size, but has a thumbnail")
		}
		if v := version("текст.txt", []byte("hello")); v["thumbnail"] != nil {
			t.Errorf("a text's thumbnail: %v", v["thumbnail"])
		}
		if v := version("битая.png", []byte("\x89PNG\r\n\x1a\nnot really")); v["thumbnail"] != nil {
			t.Errorf("a broken image's thumbnail: %v", v["thumbnail"])
		}
	})
}

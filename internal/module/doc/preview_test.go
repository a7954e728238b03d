package doc_test

import (
	"bytes"
	"image/png"
	"os/exec"
	"testing"

	"github.com/go-pdf/fpdf"

	"github.com/artel/artel/internal/apitest"
)

func pdfOf(t *testing.T) []byte {
	t.Helper()
	p := fpdf.New("P", "mm", "A4", "")
	p.AddPage()
	p.SetFont("Helvetica", "B", 24)
	p.Cell(40, 10, "Artel preview")
	var b bytes.Buffer
	if err := p.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A PDF version gets its first page as a PNG preview, no larger than
// 320×320, rendered by pdftoppm; a file that only claims to be a PDF gets
// none and is saved all the same.
func TestPDFPreview(t *testing.T) {
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm (poppler-utils) not installed")
	}
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		c := newCast(t, h)
		version := func(name string, data []byte) map[string]any {
			t.Helper()
			f := must(t, h.Upload(t, c.olga, name, data))
			d := must(t, c.do("POST", "/doc", c.olga, map[string]any{"name": name, "folder": apitest.Link("DocFolder", c.root),
				"content": apitest.Link("File", f["id"].(string))}))
			return must(t, c.do("GET", "/doc/"+d["id"].(string)+"/actualVersion", c.olga, nil))
		}
		v := version("счёт.pdf", pdfOf(t))
		th, ok := v["thumbnail"].(map[string]any)
		if !ok {
			t.Fatalf("no preview: %v", v)
		}
		r := c.do("GET", "/file/"+th["id"].(string)+"/download", c.olga, nil)
		img, err := png.Decode(bytes.NewReader(r.Body))
		if r.Status != 200 || err != nil {
			t.Fatalf("preview: %d %v", r.Status, err)
		}
		if b := img.Bounds(); b.Dx() > 320 || b.Dy() != 320 || b.Dx() < 200 {
			t.Errorf("an A4 page's preview: %v", b)
		}
		if v := version("фальшивый.pdf", []byte("%PDF-1.4 nothing")); v["thumbnail"] != nil {
			t.Errorf("a broken PDF's preview: %v", v["thumbnail"])
		}
	})
}

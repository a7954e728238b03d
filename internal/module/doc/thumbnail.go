package doc

import (
	"bytes"
	"context"
	"image"
	_ "image/gif" // decoders for image.Decode
	_ "image/jpeg"
	"image/png"
	"strings"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/module/file"
	"github.com/artel/artel/internal/value"
)

// Thumbnails are at most this wide and high, the image's proportions kept.
const thumbSide = 320

// maxPixels bounds what is decoded for a thumbnail: a small file can
// claim a huge canvas (a decompression bomb); such an image gets none.
const maxPixels = 40_000_000

// UseFiles gives the rules the file module, through which a version's
// image is read and its thumbnail stored.
func (m *Module) UseFiles(f *file.Files) { m.files = f }

// thumbnail makes and stores a PNG thumbnail of an image File or of a
// PDF's first page, or answers nothing when the file is neither or cannot
// be read; a thumbnail is a
// convenience, so its failure never refuses the version.
func (m *Module) thumbnail(ctx context.Context, sc entity.Scope, f *entity.Record) *value.Link {
	if m.files == nil {
		return nil
	}
	var small []byte
	var ok bool
	switch mt := f.String("mimeType"); {
	case mt == "application/pdf":
		// A PDF's preview is its first page.
		small, ok = m.pdfPreview(ctx, sc, f.ID)
	case strings.HasPrefix(mt, "image/"):
		_, data, err := m.files.Open(ctx, entity.Scope{Account: sc.Account, System: true}, f.ID)
		if err != nil {
			return nil
		}
		small, ok = scaleDown(data)
	}
	if !ok {
		return nil
	}
	rec, err := m.files.Upload(ctx, sc, strings.TrimSuffix(f.String("name"), "."+f.String("extension"))+".thumb.png", "image/png", small)
	if err != nil {
		return nil
	}
	l := rec.Link()
	return &l
}

// scaleDown decodes an image and encodes it as a PNG that fits in
// thumbSide × thumbSide (never scaled up).
func scaleDown(data []byte) ([]byte, bool) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width*cfg.Height > maxPixels {
		return nil, false
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, false
	}
	w, h := cfg.Width, cfg.Height
	if w > thumbSide || h > thumbSide {
		if w >= h {
			w, h = thumbSide, max(1, h*thumbSide/w)
		} else {
			w, h = max(1, w*thumbSide/h), thumbSide
		}
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), draw.Over, nil)
	var out bytes.Buffer
	if err := png.Encode(&out, dst); err != nil {
		return nil, false
	}
	return out.Bytes(), true
}

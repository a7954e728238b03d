package doc

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"github.com/artel/artel/internal/entity"
)

// pdfTimeout bounds one render: a hostile PDF must not hold a worker.
const pdfTimeout = 20 * time.Second

// pdfPreview renders a PDF's first page as a PNG that fits thumbSide with
// pdftoppm (poppler-utils), a separate process, so a crash in the PDF
// parser takes nothing else down. Without pdftoppm there is no preview.
func (m *Module) pdfPreview(ctx context.Context, sc entity.Scope, id int64) ([]byte, bool) {
	bin, err := exec.LookPath("pdftoppm")
	if err != nil {
		return nil, false
	}
	_, o, err := m.files.OpenObject(ctx, entity.Scope{Account: sc.Account, System: true}, id)
	if err != nil {
		return nil, false
	}
	defer o.Close()
	dir, err := os.MkdirTemp("", "artel-pdf-")
	if err != nil {
		return nil, false
	}
	defer os.RemoveAll(dir)
	// The file streams to a temporary copy: a large PDF never sits in memory.
	in := filepath.Join(dir, "in.pdf")
	f, err := os.Create(in)
	if err != nil {
		return nil, false
	}
	_, err = io.Copy(f, o)
	if cerr := f.Close(); err != nil || cerr != nil {
		return nil, false
	}
	ctx, cancel := context.WithTimeout(ctx, pdfTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-png", "-f", "1", "-l", "1", "-singlefile",
		"-scale-to", strconv.Itoa(thumbSide), in, filepath.Join(dir, "page"))
	if err := cmd.Run(); err != nil {
		return nil, false
	}
	out, err := os.ReadFile(filepath.Join(dir, "page.png"))
	return out, err == nil && len(out) > 0
}

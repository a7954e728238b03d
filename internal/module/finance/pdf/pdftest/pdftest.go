// Package pdftest reads a PDF's text back with a real extractor,
// pdftotext (poppler-utils), for the finance tests.
package pdftest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Text is what pdftotext reads from a PDF, spaces collapsed. Without
// pdftotext the test is skipped (.ci/run installs it).
func Text(t testing.TB, data []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext (poppler-utils) is not installed")
	}
	f := filepath.Join(t.TempDir(), "invoice.pdf")
	if err := os.WriteFile(f, data, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-layout", f, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}

// Images counts the images in a PDF with pdfimages -list (poppler-utils).
func Images(t testing.TB, data []byte) int {
	t.Helper()
	bin, err := exec.LookPath("pdfimages")
	if err != nil {
		t.Skip("pdfimages (poppler-utils) is not installed")
	}
	f := filepath.Join(t.TempDir(), "invoice.pdf")
	if err := os.WriteFile(f, data, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-list", f).Output()
	if err != nil {
		t.Fatalf("pdfimages: %v", err)
	}
	n := 0 // the rows of type "image"; an alpha channel is an "smask" row
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) > 2 && f[2] == "image" {
			n++
		}
	}
	return n
}

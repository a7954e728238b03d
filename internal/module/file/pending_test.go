package file_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/artel/artel/internal/apitest"
)

// An object stored on disk whose File was never committed (the server
// stopped in between) is swept once it is older than file.PendingAge; a
// completed upload leaves no note, and a fresh note is left alone, as its
// File may still come.
func TestPendingObjectsSwept(t *testing.T) {
	dir := os.Getenv("ARTEL_STORAGE_DIR")
	if os.Getenv("ARTEL_TEST_STORAGE") != "disk" || dir == "" {
		t.Skip("runs on the disk store (ARTEL_TEST_STORAGE=disk)")
	}
	h := apitest.New(t, "sqlite")
	ctx := context.Background()
	count := func() int {
		var n int
		if err := h.DB.Q(ctx).QueryRowContext(ctx, "SELECT COUNT(*) FROM file_pending").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	r := h.Do("POST", "/api/v3/file/upload", apitest.Req{Body: map[string]any{"name": "a.txt", "size": 5}})
	if r.Status != 200 {
		t.Fatalf("start: %s", r.Body)
	}
	if r = h.Do("PATCH", "/api/v3/file/upload/"+r.Obj()["id"].(string), apitest.Req{Body: "hello",
		Headers: map[string]string{"Upload-Offset": "0"}}); r.Status != 200 {
		t.Fatalf("chunk: %s", r.Body)
	}
	if n := count(); n != 0 {
		t.Fatalf("a finished upload left %d notes", n)
	}

	// The server stopped between storing two objects and their Files.
	now := time.Now()
	for key, age := range map[string]time.Duration{"orphan/old": 7 * time.Hour, "orphan/new": time.Minute} {
		p := filepath.Join(dir, filepath.FromSlash(key))
		if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("lost"), 0o640); err != nil {
			t.Fatal(err)
		}
		if err := h.DB.Exec(ctx, `INSERT INTO file_pending (account_id, object_store, object_key, created_at) VALUES (?, 'disk', ?, ?)`,
			h.Account, key, now.Add(-age).Unix()); err != nil {
			t.Fatal(err)
		}
	}
	ran := false
	for _, tk := range h.Srv.Tickers {
		if tk.Name == "file.pending" {
			ran = true
			if err := tk.Run(ctx, now); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !ran {
		t.Fatal("no file.pending job")
	}
	if _, err := os.Stat(filepath.Join(dir, "orphan", "old")); !os.IsNotExist(err) {
		t.Errorf("the old orphan is still there: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "orphan", "new")); err != nil {
		t.Errorf("a fresh object was swept: %v", err)
	}
	if n := count(); n != 1 {
		t.Errorf("notes left: %d, want the fresh one", n)
	}
}

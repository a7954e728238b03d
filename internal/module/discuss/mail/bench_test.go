package mail_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/artel/artel/internal/apitest"
	"github.com/artel/artel/internal/module/discuss/mail"
	"github.com/artel/artel/internal/store/storetest"
)

// BenchmarkFetch1000 files 1,000 new messages of one inbox (100 threads
// of 10: each thread opens a discussion, its replies find it) from the
// in-process IMAP server into the database, as the fetch job does, run after
// run until none is left. One op is the whole 1,000. Per database
// (PostgreSQL with ARTEL_TEST_POSTGRES).
func BenchmarkFetch1000(b *testing.B) {
	b.Setenv("ARTEL_MAIL_INSECURE", "1")
	for _, d := range storetest.Dialects() {
		b.Run(d, func(b *testing.B) { fetch1000(b, d) })
	}
}

func fetch1000(b *testing.B, dialect string) {
	h := apitest.New(b, dialect)
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		box := fmt.Sprintf("box%d@artel.test", i)
		s := startServers(b, map[string]string{box: "secret"})
		r := h.Do("POST", "/api/v3/imap", apitest.Req{Body: account(s, box, "secret", nil)})
		if r.Status != 200 {
			b.Fatalf("account: %s", r.Body)
		}
		for n := range 1000 {
			thread, reply := n/10, n%10
			refs := ""
			if reply > 0 {
				refs = fmt.Sprintf("In-Reply-To: <t%d-%d-0@ext.test>\n", i, thread)
			}
			s.deliver(b, box, fmt.Sprintf("From: c%d@ext.test\nTo: %s\nSubject: Thread %d\nMessage-ID: <t%d-%d-%d@ext.test>\n%s\nMessage %d of thread %d.\n",
				thread, box, thread, i, thread, reply, refs, reply, thread))
		}
		fetch := func() int {
			for _, tk := range h.Srv.Tickers {
				if tk.Name == mail.JobFetch {
					if err := tk.Run(ctx, h.Srv.Engine.Now()); err != nil {
						b.Fatal(err)
					}
				}
			}
			var n int
			if err := h.DB.Writer().QueryRowContext(ctx, h.DB.Dialect.Rebind(`SELECT COUNT(*) FROM mail_messages WHERE to_list LIKE ?`), "%"+box+"%").Scan(&n); err != nil {
				b.Fatal(err)
			}
			return n
		}
		b.StartTimer()
		for fetch() < 1000 {
		}
	}
}

package auth

import "testing"

func TestPasswordHash(t *testing.T) {
	h, err := HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	h2, _ := HashPassword("correct horse")
	if h == h2 {
		t.Fatal("no salt")
	}
	if !CheckPassword(h, "correct horse") || CheckPassword(h, "correct horsE") || CheckPassword(h, "") {
		t.Fatal("check is wrong")
	}
	for _, bad := range []string{"", "$argon2id$", "$argon2id$v=19$m=x$a$b", "$bcrypt$v=19$m=1,t=1,p=1$AA$AA", "$argon2id$v=19$m=99999999,t=1,p=1$AA$AA"} {
		if CheckPassword(bad, "x") {
			t.Fatalf("malformed hash %q accepted", bad)
		}
	}
}

func TestResolveHost(t *testing.T) {
	a := &Accounts{hosts: map[string]int64{"crm.example.com": 2}, def: 1}
	for host, want := range map[string]int64{"crm.example.com": 2, "CRM.example.com:8080": 2, "other": 1, "127.0.0.1:8080": 1, "[::1]:80": 1} {
		if got, _ := a.Resolve(host); got != want {
			t.Errorf("%s -> %d, want %d", host, got, want)
		}
	}
}

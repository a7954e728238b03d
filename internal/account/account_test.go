package account

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/artel/artel/internal/store/storetest"
	"github.com/artel/artel/internal/value"
)

func TestLicenceDates(t *testing.T) {
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.Local)
	cases := []struct {
		l       Licence
		expired bool
		days    int64
		perpet  bool
		mobile  bool
	}{
		{l: Licence{}, perpet: true},
		{l: Licence{EndDate: "2026-03-10", MobileEndDate: "2026-03-09"}, days: 1, mobile: true},
		{l: Licence{EndDate: "2026-03-09", MobileEndDate: "2026-03-08"}, expired: true, days: 0},
		{l: Licence{EndDate: "2026-04-08"}, days: 30},
	}
	for _, c := range cases {
		days, ok := c.l.DaysRemaining(now)
		if c.l.Expired(now) != c.expired || ok == c.perpet || (ok && days != c.days) || c.l.MobileAvailable(now) != c.mobile {
			t.Errorf("%+v: expired %v days %d,%v mobile %v", c.l, c.l.Expired(now), days, ok, c.l.MobileAvailable(now))
		}
	}
}

func TestStorage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, dialect string) {
		ctx, db := context.Background(), storetest.Open(t, dialect)
		now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.Local)
		l, err := GetLicence(ctx, db, 1)
		if err != nil || l != (Licence{}) {
			t.Fatalf("default licence %+v %v", l, err)
		}
		trial := true
		if l, err = SetLicence(ctx, db, 1, LicencePatch{Trial: &trial}, now); err != nil || l.EndDate != "2026-03-23" {
			t.Fatalf("trial %+v %v", l, err)
		}
		q, bad := int64(5), "31.12.2026"
		if _, err := SetLicence(ctx, db, 1, LicencePatch{Quantity: &q, EndDate: &bad}, now); !errors.Is(err, ErrBadLicence) {
			t.Fatalf("bad date: %v", err)
		}
		if l, _ = CachedLicence(ctx, db, 1); l.Quantity != 0 || !l.Trial {
			t.Fatalf("refused patch changed %+v", l)
		}

		// Live-socket tokens: right account and user, not forged, not stale.
		user := value.Link{Type: "Employee", ID: 7}
		tok, err := EcometToken(ctx, db, 1, user, now)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := VerifyEcometToken(ctx, db, 1, tok, now.Add(time.Hour)); err != nil || got != user {
			t.Fatalf("verify %v %v", got, err)
		}
		forged := strings.Replace(tok, "Employee.7.", "Employee.8.", 1)
		for _, c := range []struct {
			acc int64
			tok string
			at  time.Time
		}{{2, tok, now}, {1, forged, now}, {1, tok, now.Add(EcometTokenTTL + time.Minute)}, {1, "x", now}} {
			if _, err := VerifyEcometToken(ctx, db, c.acc, c.tok, c.at); !errors.Is(err, ErrBadEcometToken) {
				t.Errorf("accepted %d %q: %v", c.acc, c.tok, err)
			}
		}

		// Settings: JSON round trip per subject, null deletes, size bound.
		other := value.Link{Type: "Employee", ID: 8}
		if err := PutSetting(ctx, db, 1, KindUser, user, "global_drafts", json.RawMessage(`{"a":[1,2]}`), now); err != nil {
			t.Fatal(err)
		}
		if v, _ := SettingValue(ctx, db, 1, KindUser, user, "global_drafts"); string(v) != `{"a":[1,2]}` {
			t.Fatalf("value %s", v)
		}
		if v, _ := SettingValue(ctx, db, 1, KindUser, other, "global_drafts"); v != nil {
			t.Fatalf("another user reads %s", v)
		}
		big := json.RawMessage(`"` + strings.Repeat("x", MaxSettingValue) + `"`)
		if err := PutSetting(ctx, db, 1, KindUser, user, "big", big, now); !errors.Is(err, ErrSettingValue) {
			t.Fatalf("big value: %v", err)
		}
		if err := PutSetting(ctx, db, 1, KindUser, user, "bad name", json.RawMessage(`1`), now); !errors.Is(err, ErrSettingName) {
			t.Fatalf("bad name: %v", err)
		}
		_ = PutSetting(ctx, db, 1, KindUser, user, "global_drafts", json.RawMessage(`null`), now)
		if list, _ := Settings(ctx, db, 1, KindUser, user); len(list) != 0 {
			t.Fatalf("null kept %v", list)
		}

		// Features: test drive once, then the administrator decides.
		name := "bums.common.web_push_notifications"
		st, err := StartTestDrive(ctx, db, 1, name, user, now)
		if err != nil || !st.Available {
			t.Fatalf("test drive %+v %v", st, err)
		}
		if _, err := StartTestDrive(ctx, db, 1, name, user, now); !errors.Is(err, ErrNoTestDrive) {
			t.Fatalf("second drive: %v", err)
		}
		if st, _ = FeatureOf(ctx, db, 1, name, now.AddDate(0, 0, TestDriveDays+1)); st.Available || st.TestDriveAvailable {
			t.Fatalf("after drive %+v", st)
		}
		off := false
		if err := SwitchFeature(ctx, db, 1, "bums.common.mentions", &off, now); err != nil {
			t.Fatal(err)
		}
		if err := SwitchFeature(ctx, db, 1, "bums.common.firebase", &trial, now); !errors.Is(err, ErrFixedFeature) {
			t.Fatalf("firebase switched: %v", err)
		}
		av, _ := Available(ctx, db, 1, now)
		if av["bums.common.mentions"] || av["bums.common.firebase"] || !av["bums.common.ny_theme2022"] {
			t.Fatalf("available %v", av)
		}
	})
}

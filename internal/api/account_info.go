package api

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"

	"github.com/artel/artel/internal/account"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Product names AccountInfo reports. A self-hosted deployment has one
// "tariff": everything, licensed by quantity and end date.
const (
	productName       = "Artel"
	systemProductName = "SelfHosted"
	defaultCountry    = 7
)

func (s *Server) accountInfo(ctx context.Context, c *call, _ []int64) Response {
	data, err := s.accountInfoData(ctx, c)
	if err != nil {
		return s.errorResponse(c, err)
	}
	return ok(data)
}

// accountInfoData is every AccountInfo field of the reference. Dates are
// null and daysRemaining is null for a perpetual licence; 0 quantities
// and sizes mean unlimited.
func (s *Server) accountInfoData(ctx context.Context, c *call) (map[string]any, error) {
	now := s.Engine.Now()
	acc, err := account.Get(ctx, s.DB, c.sc.Account)
	if err != nil {
		return nil, err
	}
	l, err := account.GetLicence(ctx, s.DB, c.sc.Account)
	if err != nil {
		return nil, err
	}
	avail, err := account.Available(ctx, s.DB, c.sc.Account, now)
	if err != nil {
		return nil, err
	}
	var token string
	if c.sc.Actor.ID != 0 {
		if token, err = account.EcometToken(ctx, s.DB, c.sc.Account, c.sc.Actor, now); err != nil {
			return nil, err
		}
	}
	mods := []any{}
	for _, m := range account.EnabledModules(avail) {
		mods = append(mods, map[string]any{"contentType": "Module", "id": m.ID, "availableInPaidVersionOnly": false})
	}
	var used int64
	if s.StorageUsed != nil {
		if used, err = s.StorageUsed(ctx, c.sc.Account); err != nil {
			return nil, err
		}
	}
	var days any
	if n, ok := l.DaysRemaining(now); ok {
		days = n
	}
	paidTo, paidQty, tarif := dateOnly(l.EndDate), l.Quantity, "selfhosted"
	if l.Trial {
		paidTo, paidQty, tarif = nil, 0, "trial"
	}
	return map[string]any{
		"contentType": "AccountInfo", "id": itoa(acc.ID), "accountName": acc.Name,
		"isDemo": false, "isTest": l.Trial, "isFree": false, "isSaas": false,
		"buildVersion": s.Version, "productName": productName, "systemProductName": systemProductName,
		"tarifId": tarif, "licenceEndDate": dateOnly(l.EndDate), "paidToDate": paidTo,
		"mobileEndDate": dateOnly(l.MobileEndDate), "licenceQuantity": l.Quantity,
		"paidLicenceQuantity": paidQty, "daysRemaining": days, "licenseExpired": l.Expired(now),
		"enabledModules": mods, "enabledModulesCount": len(mods),
		// The account's own host when it has one, else the host the
		// request came to (the default account answers any host).
		"megamailDomain": orHost(acc.Host, c.host), "permanentHost": orHost(acc.Host, c.host), "ecometHost": orHost(acc.Host, c.host),
		"ecometPort": listenPort(ctx), "ecometToken": token,
		"defaultCountryCode": defaultCountry, "partnerId": 0,
		// The storage quota (ARTEL_STORAGE_QUOTA_MB, 0 for none); used is
		// the files' kept byte count.
		"maxDiskSpace": s.StorageQuota, "usedMemory": used,
		"caldavSyncs": []any{}, "caldavSyncsCount": 0,
		"timeCreated": value.DateTime{}.Encode(acc.CreatedAt*1000, c.opt),
		// Hosted chat-support vendors: none on a self-hosted server.
		"jivoId": "", "cqHash": "", "cqUserId": "",
	}, nil
}

// orHost is the account's host, or the request's without its port.
func orHost(accountHost, requestHost string) string {
	if accountHost != "" {
		return accountHost
	}
	if h, _, err := net.SplitHostPort(requestHost); err == nil {
		return h
	}
	return requestHost
}

// dateOnly encodes a stored "YYYY-MM-DD" as a DateOnly object, "" as null.
func dateOnly(s string) any {
	if s == "" {
		return nil
	}
	return value.DateOnly{}.Encode(s, value.Options{})
}

// listenPort is the port the request came in on, from the connection's
// local address (the listen port; behind a proxy, the proxy's target).
func listenPort(ctx context.Context) int {
	addr, ok := ctx.Value(http.LocalAddrContextKey).(net.Addr)
	if !ok {
		return 0
	}
	if tcp, ok := addr.(*net.TCPAddr); ok {
		return tcp.Port
	}
	return 0
}

// setLicence is POST /api/v3/accountInfo/licence: an administrator sets
// licenceQuantity, licenceEndDate, mobileEndDate (DateOnly or null) and
// isTest; fields left out stay. It answers the new AccountInfo.
func (s *Server) setLicence(ctx context.Context, c *call, _ []int64) Response {
	if !c.sc.Admin {
		return accessDenied(c)
	}
	var in map[string]json.RawMessage
	if len(c.body) == 0 || json.Unmarshal(c.body, &in) != nil {
		return fail(http.StatusBadRequest, "malformed_json", c.say("malformed_json"))
	}
	var p account.LicencePatch
	bad := &entity.Invalid{}
	for name, raw := range in {
		switch name {
		case "contentType", "id":
		case "licenceQuantity":
			v, err := value.Integer{}.Decode(raw)
			n, _ := v.(int64)
			switch {
			case err != nil || v == nil:
				bad.Errors = append(bad.Errors, entity.FieldError{Field: name, Code: value.CodeType,
					Value: &value.Error{Code: value.CodeType, Expected: "integer"}})
			case n < 0:
				bad.Add(name, value.CodeRange, "")
			default:
				p.Quantity = &n
			}
		case "licenceEndDate", "mobileEndDate":
			v, err := value.DateOnly{}.Decode(raw)
			if err != nil {
				bad.Errors = append(bad.Errors, entity.FieldError{Field: name, Code: value.CodeFormat,
					Value: &value.Error{Code: value.CodeFormat, Expected: "DateOnly"}})
				continue
			}
			d, _ := v.(string)
			if name == "licenceEndDate" {
				p.EndDate = &d
			} else {
				p.MobileEndDate = &d
			}
		case "isTest":
			var b bool
			if json.Unmarshal(raw, &b) != nil {
				bad.Errors = append(bad.Errors, entity.FieldError{Field: name, Code: value.CodeType,
					Value: &value.Error{Code: value.CodeType, Expected: "boolean"}})
				continue
			}
			p.Trial = &b
		default:
			bad.Add(name, entity.CodeUnknownField, "")
		}
	}
	if len(bad.Errors) > 0 {
		return s.errorResponse(c, bad)
	}
	cur, err := account.GetLicence(ctx, s.DB, c.sc.Account)
	if err != nil {
		return s.errorResponse(c, err)
	}
	if cur.Locked {
		return fail(http.StatusForbidden, "licence_locked", c.say("licence_locked"))
	}
	if _, err := account.SetLicence(ctx, s.DB, c.sc.Account, p, s.Engine.Now()); err != nil {
		if errors.Is(err, account.ErrBadLicence) {
			return fail(http.StatusUnprocessableEntity, value.CodeRange, c.say(value.CodeRange))
		}
		return s.errorResponse(c, err)
	}
	return s.accountInfo(ctx, c, nil)
}

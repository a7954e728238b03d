package mail

import (
	"encoding/json"
	"strings"

	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// apply writes the fields a body names onto an account; what it leaves
// out stays. An empty or missing password keeps the one stored, so a
// form that never shows it can still save. Ports left at 0 take the
// usual one for the protocol and ssl.
func apply(a *Account, in entity.Input) error {
	var errs []entity.FieldError
	str := func(field string, dst *string) {
		if raw, ok := in[field]; ok && string(raw) != "null" {
			if json.Unmarshal(raw, dst) != nil {
				errs = append(errs, entity.FieldError{Field: field, Code: value.CodeType, Param: "string"})
			}
			*dst = strings.TrimSpace(*dst)
		}
	}
	flag := func(field string, dst *bool) {
		if raw, ok := in[field]; ok && string(raw) != "null" && json.Unmarshal(raw, dst) != nil {
			errs = append(errs, entity.FieldError{Field: field, Code: value.CodeType, Param: "boolean"})
		}
	}
	str("email", &a.Email)
	str("footer", &a.Footer)
	str("incomingEmailMode", &a.Mode)
	flag("isDefault", &a.Default)
	flag("isShared", &a.Shared)
	if raw, ok := in["program"]; ok {
		a.Program = 0
		if string(raw) != "null" {
			l, err := value.DecodeLink(raw, []string{"Program"})
			if err != nil {
				errs = append(errs, entity.FieldError{Field: "program", Code: value.CodeType, Param: "Program"})
			}
			a.Program = l.ID
		}
	}
	imapChanged := server(in, "imapConfig", &a.IMAP, 993, 143, &errs)
	smtpChanged := server(in, "smtpConfig", &a.SMTP, 465, 587, &errs)
	// The SMTP login is most often the IMAP one.
	if a.SMTP.Login == "" {
		a.SMTP.Login = a.IMAP.Login
	}
	if a.SMTP.Password == "" {
		a.SMTP.Password = a.IMAP.Password
	}
	if imapChanged {
		a.IMAPStatus, a.IMAPError = StatusUnknown, ""
	}
	if smtpChanged {
		a.SMTPStatus, a.SMTPError = StatusUnknown, ""
	}
	if len(errs) > 0 {
		return &entity.Invalid{Errors: errs}
	}
	return nil
}

// server applies one MailServerConfig and reports whether it was given.
func server(in entity.Input, field string, s *Server, sslPort, plainPort int, errs *[]entity.FieldError) bool {
	raw, ok := in[field]
	if !ok || string(raw) == "null" {
		return false
	}
	var cfg struct {
		Host     *string `json:"host"`
		Port     *int    `json:"port"`
		SSL      *bool   `json:"ssl"`
		Login    *string `json:"login"`
		Password *string `json:"password"`
	}
	if err := json.Unmarshal(raw, &cfg); err != nil {
		*errs = append(*errs, entity.FieldError{Field: field, Code: value.CodeType, Param: "MailServerConfig"})
		return false
	}
	if cfg.Host != nil {
		s.Host = strings.TrimSpace(*cfg.Host)
	}
	if cfg.SSL != nil {
		s.SSL = *cfg.SSL
	}
	if cfg.Port != nil {
		s.Port = *cfg.Port
	}
	if s.Port == 0 {
		s.Port = plainPort
		if s.SSL {
			s.Port = sslPort
		}
	}
	if cfg.Login != nil {
		s.Login = strings.TrimSpace(*cfg.Login)
	}
	if cfg.Password != nil && *cfg.Password != "" {
		s.Password = *cfg.Password
	}
	return true
}

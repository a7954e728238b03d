package api

import (
	"net/http"

	"github.com/artel/artel/internal/account"
)

// accountMessages are the wordings of the account, feature, menu and
// settings calls, merged into messages at start so message() and
// fieldError() find them like any other error type.
var accountMessages = map[string][2]string{ // {ru, en}
	"access_denied": {"Нет доступа", "Access denied"},
	// The web app recognises the two expiry errors by these exact English
	// texts (spec 000 §8), so they are the same in every language.
	"licence_expired":           {"Your paid period is officially over", "Your paid period is officially over"},
	"trial_expired":             {"Your 14-day free trial period has officially ended", "Your 14-day free trial period has officially ended"},
	account.CodeLicenceQuantity: {"Лицензии закончились: входить в систему могут не больше %s сотрудников", "No licences left: at most %s employees can sign in"},
	"licence_locked":            {"Лицензией управляет администратор сервера", "The licence is managed by the server operator"},
	"unknown_feature":           {"Неизвестная функция", "Unknown feature"},
	"feature_fixed":             {"Эту функцию нельзя включить или выключить", "This feature cannot be switched"},
	"test_drive_unavailable":    {"Тест-драйв этой функции недоступен", "No test drive for this feature"},
	"invalid_setting_name":      {"Недопустимое имя настройки", "Invalid setting name"},
}

func init() {
	for k, v := range accountMessages {
		// The shared table wins: a wording set there on purpose stays.
		if _, ok := messages[k]; !ok {
			messages[k] = v
		}
	}
}

// accessDenied is the 403 of a call that needs a right the user lacks.
func accessDenied(c *call) Response {
	return fail(http.StatusForbidden, "access_denied", message(c.lang, "access_denied"))
}

// fieldFail is a one-field 422.
func fieldFail(c *call, field, typ string, args ...string) Response {
	return Response{Status: http.StatusUnprocessableEntity, Errors: []ErrorEntry{{Field: field, Type: typ,
		Message: message(c.lang, typ, args...)}}}
}

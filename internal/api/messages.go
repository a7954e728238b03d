package api

import (
	"net/http"
	"strings"

	"github.com/artel/artel/internal/account"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

// Error wording of the conventions, in every complete interface language.
// Keys are error types: the value kinds' codes, the engine's codes and the
// API's own. Areas add theirs through Routes.Messages; a call looks in
// both (call.say).
var messages = map[string][2]string{ // {ru, en}
	value.CodeType:           {"Неверный тип значения: ожидается %s", "Wrong value type: %s expected"},
	value.CodeFormat:         {"Неверный формат значения: ожидается %s", "Invalid value format: %s expected"},
	value.CodeEnum:           {"Недопустимое значение, допустимы: %s", "Value not allowed, allowed: %s"},
	value.CodeRange:          {"Значение вне допустимого диапазона", "Value out of range"},
	value.CodeTooLong:        {"Слишком длинное значение", "Value too long"},
	entity.CodeUnknownField:  {"Неизвестное поле", "Unknown field"},
	entity.CodeRequired:      {"Обязательно к заполнению", "Required"},
	entity.CodeLinkNotFound:  {"%s не существует", "%s does not exist"},
	entity.CodeNotSortable:   {"Сортировка по полю %s невозможна", "Cannot sort by field %s"},
	entity.CodeBadFilter:     {"Неверное условие фильтра %s", "Invalid filter term %s"},
	entity.CodeBadParam:      {"Неверный параметр", "Invalid parameter"},
	"unknown_param":          {"Неизвестный параметр", "Unknown parameter"},
	"param_not_supported":    {"Параметр пока не поддерживается", "Parameter not supported yet"},
	entity.CodeReadOnly:      {"Поле только для чтения", "Read-only field"},
	entity.CodeInUse:         {"Невозможно удалить: используется", "Cannot delete: in use"},
	entity.CodeNotOwned:      {"Поле другой схемы", "A field of another process"},
	"password_not_secure":    {"Пароль слишком простой: не меньше 8 символов", "Password too weak: at least 8 characters"},
	"login_in_use":           {"Логин уже занят", "Login already in use"},
	"not_found":              {"Не найдено", "Not found"},
	"route_not_found":        {"Нет такого метода API", "No such API route"},
	"access_denied":          {"Нет доступа", "Access denied"},
	"unauthorized":           {"Требуется авторизация", "Authorization required"},
	"csrf":                   {"Неверный CSRF-токен", "Invalid CSRF token"},
	"app_scope":              {"Приложению не выдан доступ к этому разделу", "The app has no scope for this"},
	"method_not_allowed":     {"Метод не поддерживается", "Method not allowed"},
	"internal":               {"Извините, произошла ошибка", "Sorry, an error occurred"},
	"too_many_calls":         {"Слишком много вызовов, максимум %s", "Too many calls, at most %s"},
	"malformed_query":        {"Неверный формат параметров запроса", "Malformed query parameters"},
	"malformed_json":         {"Неверный формат JSON", "Malformed JSON"},
	"malformed_form":         {"Неверный формат данных формы", "Malformed form data"},
	"too_large":              {"Слишком большой запрос", "Request too large"},
	"unsupported_media_type": {"Неподдерживаемый тип содержимого", "Unsupported content type"},
	"too_deep":               {"Слишком глубокая вложенность JSON", "JSON nested too deeply"},
	// Sign-in, credentials and the account (session.go, password*.go,
	// security.go, account_info.go, feature.go, settings.go).
	"too_many_requests": {"Слишком много неудачных попыток входа, повторите через %s с", "Too many failed sign-in attempts, retry in %s s"},
	"user_blocked":      {"Вход запрещён: пользователь заблокирован или уволен", "Sign-in refused: the user is blocked or dismissed"},
	"wrong_password":    {"Неверный текущий пароль", "Wrong current password"},
	"invalid_cidr":      {"Неверный адрес или подсеть: %s", "Invalid address or CIDR: %s"},
	"ip_lockout":        {"Список не включает ваш адрес %s: вы не сможете войти", "The list leaves out your address %s: you could not sign in"},
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

// wording is a table of error messages {ru, en} by error type.
type wording map[string][2]string

// message words an error type of the conventions in lang ("ru" or "en").
func message(lang, typ string, args ...string) string { return say(nil, lang, typ, args...) }

// say words an error type from the conventions' table or an area's.
func say(areas wording, lang, typ string, args ...string) string {
	m, ok := messages[typ]
	if !ok {
		if m, ok = areas[typ]; !ok {
			m = messages["internal"]
		}
	}
	text := m[0]
	if lang == "en" {
		text = m[1]
	}
	for _, a := range args {
		text = strings.Replace(text, "%s", a, 1)
	}
	return strings.ReplaceAll(text, " %s", "")
}

// say words an error type in the call's language.
func (c *call) say(typ string, args ...string) string { return say(c.words, c.lang, typ, args...) }

// fieldError words one engine field error.
func (c *call) fieldError(fe entity.FieldError) ErrorEntry {
	arg := fe.Param
	if fe.Value != nil {
		arg = fe.Value.Expected
		if fe.Code == value.CodeEnum {
			arg = strings.Join(fe.Value.Allowed, ", ")
		}
	}
	return ErrorEntry{Field: fe.Field, Message: c.say(fe.Code, arg), Type: fe.Code}
}

// accessDenied is the 403 of a call that needs a right the user lacks.
func accessDenied(c *call) Response {
	return fail(http.StatusForbidden, "access_denied", c.say("access_denied"))
}

// fieldFail is a one-field 422.
func fieldFail(c *call, field, typ string, args ...string) Response {
	return Response{Status: http.StatusUnprocessableEntity, Errors: []ErrorEntry{{Field: field, Type: typ,
		Message: c.say(typ, args...)}}}
}

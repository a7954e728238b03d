package telephony

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"slices"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
)

// HTTP is the telephony area's routes: the spec's /BumsCall/Call/*.json
// calls, the call journal, the account's provider setup, the simulated
// provider's incoming calls and the PBX's signed endpoint.
type HTTP struct {
	Calls *Module
}

// Routes registers the area's routes.
func (a *HTTP) Routes(rt *api.Routes) {
	rt.Beside("POST /BumsCall/Call/getDateTime.json", a.dateTime)
	rt.Beside("POST /BumsCall/Call/findPersonByPhone.json", a.findPerson)
	rt.Beside("POST /BumsCall/Call/initCall.json", a.initCall)
	rt.Beside("POST /BumsCall/Call/command.json", a.command)
	rt.Beside("POST /BumsCall/Call/setUserStatus.json", a.setUserStatus)
	rt.Beside("POST /BumsCall/Call/selectCommunication.json", a.selectCommunication)
	rt.Beside("POST /call/currentOptions.json", a.currentOptions)
	rt.Handle("GET /callInfo", a.journal)
	rt.Handle("GET /callInfo/{id}", a.one)
	rt.Handle("GET /telephony/settings", a.settings)
	rt.Handle("POST /telephony/settings", a.saveSettings)
	rt.Handle("POST /telephony/userConfig", a.userConfig)
	rt.Handle("POST /telephony/simulate", a.simulate)
	rt.Describe("GET /telephony/settings", [2]string{"Настройки телефонии аккаунта: провайдер, адрес и секрет вебхука", "The account's telephony: provider, webhook address and secret"})
	rt.Describe("POST /telephony/settings", [2]string{"Изменить провайдера, ответственного за пропущенные, выдать новый секрет", "Change the provider, the missed calls' employee, issue a new secret"})
	rt.Describe("POST /telephony/userConfig", [2]string{"Внутренний номер сотрудника", "The employee's internal number"})
	rt.Describe("POST /telephony/simulate", [2]string{"Событие звонка от симулятора АТС", "A call event from the simulated PBX"})
	rt.Messages(map[string][2]string{"invalid_phone": {"Неверный формат телефона", "Invalid phone format"}})
	rt.Protocol(PBXPrefix, a.pbx)
}

func (a *HTTP) dateTime(_ context.Context, r *api.Request) api.Response {
	return api.OK(map[string]any{"timestamp": a.Calls.Engine.Now().Unix()})
}

// decode reads the body into v; a malformed body is a 400 by Input.
func decode(r *api.Request, v any) *api.Response {
	in, res := r.Input()
	if res != nil {
		return res
	}
	b, _ := json.Marshal(in)
	if err := json.Unmarshal(b, v); err != nil {
		res := r.Fail(entity.Invalidf("body", "invalid_type", ""))
		return &res
	}
	return nil
}

// initCall starts an outgoing call from the caller (callInfo.toPhone):
// the call is recorded as calling and the provider is told to dial.
func (a *HTTP) initCall(ctx context.Context, r *api.Request) api.Response {
	var in struct {
		CallInfo struct {
			ToPhone string `json:"toPhone"`
		} `json:"callInfo"`
	}
	if res := decode(r, &in); res != nil {
		return *res
	}
	sc := r.Scope()
	if sc.Actor.Type != "Employee" {
		return r.Denied()
	}
	if len(digitsOf(in.CallInfo.ToPhone)) < 3 {
		return r.FieldFail("callInfo.toPhone", "invalid_phone")
	}
	id := "artel-" + randomID()
	var call *row
	err := a.Calls.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		var err error
		call, err = a.Calls.Apply(ctx, sc.Account, Event{CallID: id, Event: "outgoing", From: "", To: in.CallInfo.ToPhone, EmployeeID: sc.Actor.ID})
		if err != nil {
			return err
		}
		return a.Calls.Send(ctx, sc.Account, Command{CallID: id, Employee: sc.Actor.ID, Command: "call", Phone: in.CallInfo.ToPhone})
	})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"result": map[string]any{"rejected": false, "callId": id}, "callInfo": call.Encode()})
}

// command hands one of the caller's calls a command: hangup, hold,
// unhold, transfer (phone), dtmf (arg).
func (a *HTTP) command(ctx context.Context, r *api.Request) api.Response {
	var c Command
	if res := decode(r, &c); res != nil {
		return *res
	}
	sc := r.Scope()
	call, err := lockCall(ctx, a.Calls.Engine.DB, sc.Account, c.CallID)
	if err != nil {
		return r.Fail(err)
	}
	if call == nil || (call.Employee != sc.Actor.ID && !sc.Admin) || sc.Actor.Type != "Employee" {
		return r.NotFound()
	}
	c.Employee = call.Employee
	if c.Command == "call" {
		return r.FieldFail("command", "invalid_enum")
	}
	if err := a.Calls.Send(ctx, sc.Account, c); err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{"result": map[string]any{"rejected": false, "callId": c.CallID}})
}

// simulate takes an event from the simulated PBX (administrators, and
// only while the account's provider is the simulated one).
func (a *HTTP) simulate(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	if !sc.Admin {
		return r.Denied()
	}
	s, _, err := loadSettings(ctx, a.Calls.Engine.DB, sc.Account)
	if err != nil {
		return r.Fail(err)
	}
	if s.Provider != "simulated" {
		return r.FieldFail("provider", "invalid_enum")
	}
	var ev Event
	if res := decode(r, &ev); res != nil {
		return *res
	}
	call, err := a.Calls.Apply(ctx, sc.Account, ev)
	if err == errIgnored {
		return api.OK(map[string]any{"ignored": true})
	}
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(call.Encode())
}

func (a *HTTP) settings(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	if !sc.Admin {
		return r.Denied()
	}
	var s Settings
	err := a.Calls.Engine.DB.WithTx(ctx, func(ctx context.Context) error {
		var err error
		s, err = ensureSettings(ctx, a.Calls.Engine.DB, sc.Account)
		return err
	})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(encodeSettings(s))
}

func encodeSettings(s Settings) map[string]any {
	var emp any
	if s.MissedEmployee != 0 {
		emp = map[string]any{"contentType": "Employee", "id": jsonID(s.MissedEmployee)}
	}
	return map[string]any{"provider": s.Provider, "providers": Providers, "secret": s.Secret,
		"eventsPath": PBXPrefix + "events", "commandsPath": PBXPrefix + "commands", "missedEmployee": emp}
}

func (a *HTTP) saveSettings(ctx context.Context, r *api.Request) api.Response {
	sc := r.Scope()
	if !sc.Admin {
		return r.Denied()
	}
	var in struct {
		Provider       *string `json:"provider"`
		MissedEmployee *struct {
			ID json.Number `json:"id"`
		} `json:"missedEmployee"`
		NewSecret bool `json:"newSecret"`
	}
	if res := decode(r, &in); res != nil {
		return *res
	}
	if in.Provider != nil && !slices.Contains(Providers, *in.Provider) {
		return r.FieldFail("provider", "invalid_enum")
	}
	var s Settings
	db := a.Calls.Engine.DB
	err := db.WithTx(ctx, func(ctx context.Context) error {
		if _, err := ensureSettings(ctx, db, sc.Account); err != nil {
			return err
		}
		if in.Provider != nil {
			if err := db.Exec(ctx, `UPDATE telephony_settings SET provider = ? WHERE account_id = ?`, *in.Provider, sc.Account); err != nil {
				return err
			}
		}
		if in.MissedEmployee != nil {
			id, _ := in.MissedEmployee.ID.Int64()
			if _, err := a.Calls.Engine.Get(ctx, entity.Scope{Account: sc.Account, System: true}, "Employee", id); err != nil {
				return entity.Invalidf("missedEmployee", "invalid_format", "")
			}
			if err := db.Exec(ctx, `UPDATE telephony_settings SET missed_employee_id = ? WHERE account_id = ?`, id, sc.Account); err != nil {
				return err
			}
		}
		if in.NewSecret {
			if err := db.Exec(ctx, `UPDATE telephony_settings SET secret = ? WHERE account_id = ?`, newSecret(), sc.Account); err != nil {
				return err
			}
		}
		var err error
		s, _, err = loadSettings(ctx, db, sc.Account)
		return err
	})
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(encodeSettings(s))
}

func randomID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

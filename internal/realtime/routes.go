package realtime

import (
	"strconv"
	"strings"

	"github.com/artel/artel/internal/value"
)

// Route kinds. Account-wide routes (entity events, presence) are indexed by
// the hub; user routes belong to one user and are found through that
// user's own sockets, so two users' "bums.call.commands" never meet.
type routeKind int

const (
	routeEntityType routeKind = iota + 1 // entity.updated:Task
	routeEntityOne                       // entity.updated:Task:15
	routePresence                        // presence
	routeUser                            // user:{uid}, bums.call.*: the user's own channels
	routeAuth                            // perm.auth.change:{uid}, sdf.authentication_revoke:u{uid}: server only
)

// Entity actions, as the engine publishes them.
const (
	actionCreated = "created"
	actionUpdated = "updated"
	actionDropped = "dropped"
)

// Fixed route names.
const (
	presenceRoute    = "presence"
	callCommands     = "bums.call.commands"
	callAPIProvider  = "bums.call.apiProvider"
	prefixUser       = "user:"
	prefixCallUser   = "bums.call.user:"
	prefixAuthChange = "perm.auth.change:"
	prefixRevoke     = "sdf.authentication_revoke:u"
	prefixEntity     = "entity."
)

// route is one parsed channel name.
type route struct {
	name   string
	kind   routeKind
	action string // entity routes
	typ    string // entity routes
	id     int64  // routeEntityOne
	uid    string // user and auth routes that name a user
}

// parseRoute reads a route name; ok is false for anything unknown.
func parseRoute(name string) (route, bool) {
	r := route{name: name}
	switch {
	case name == presenceRoute:
		r.kind = routePresence
	case name == callCommands || name == callAPIProvider:
		r.kind = routeUser
	case strings.HasPrefix(name, prefixUser):
		r.kind, r.uid = routeUser, name[len(prefixUser):]
	case strings.HasPrefix(name, prefixCallUser):
		r.kind, r.uid = routeUser, name[len(prefixCallUser):]
	case strings.HasPrefix(name, prefixAuthChange):
		r.kind, r.uid = routeAuth, name[len(prefixAuthChange):]
	case strings.HasPrefix(name, prefixRevoke):
		r.kind, r.uid = routeAuth, name[len(prefixRevoke):]
	case strings.HasPrefix(name, prefixEntity):
		return parseEntityRoute(r)
	default:
		return r, false
	}
	if (r.kind == routeUser || r.kind == routeAuth) && r.uid == "" && name != callCommands && name != callAPIProvider {
		return r, false
	}
	return r, true
}

// parseEntityRoute reads entity.{action}:{Type}[:{id}].
func parseEntityRoute(r route) (route, bool) {
	parts := strings.Split(r.name[len(prefixEntity):], ":")
	if len(parts) < 2 || len(parts) > 3 || parts[1] == "" {
		return r, false
	}
	r.action, r.typ, r.kind = parts[0], parts[1], routeEntityType
	switch r.action {
	case actionCreated, actionUpdated, actionDropped:
	default:
		return r, false
	}
	if len(parts) == 3 {
		id, err := strconv.ParseInt(parts[2], 10, 64)
		// "created" of one entity would never fire: it exists before anyone
		// can name it.
		if err != nil || id <= 0 || r.action == actionCreated {
			return r, false
		}
		r.kind, r.id = routeEntityOne, id
	}
	return r, true
}

func entityTypeRoute(action, typ string) string { return prefixEntity + action + ":" + typ }

func entityOneRoute(action, typ string, id int64) string {
	return prefixEntity + action + ":" + typ + ":" + strconv.FormatInt(id, 10)
}

// uidOf is the user id routes carry: an employee's id, or "c" and the id
// for a guest (a ContractorHuman), so the two kinds of user never share a
// channel.
func uidOf(u value.Link) string {
	id := strconv.FormatInt(u.ID, 10)
	if u.Type == "ContractorHuman" {
		return "c" + id
	}
	return id
}

// mayBroadcast reports whether a client may send to the route itself: its
// own channel and the call channels, never the server's auth notices,
// entity events, presence or anyone else's channel.
func mayBroadcast(r route, uid string) bool {
	return r.kind == routeUser && (r.uid == "" || r.uid == uid)
}

package space

// Level is how far a reader may go with an element.
type Level int

// The levels, in order of strength. Full is the owner's (and a member's
// "share"): changing who else has access, deleting, moving.
const (
	None Level = iota
	Read
	Edit
	Full
)

// memberLevels are AccessSettingsItem.accessLevel's values.
var memberLevels = map[string]Level{"read": Read, "edit": Edit, "share": Full}

func parseMemberLevel(s string) (Level, bool) {
	l, ok := memberLevels[s]
	return l, ok
}

// memberName is a level as AccessSettingsItem.accessLevel.
func (l Level) memberName() string {
	switch l {
	case Full:
		return "share"
	case Edit:
		return "edit"
	}
	return "read"
}

// accessName is a level as Element.accessLevel (full, write, read).
func (l Level) accessName() string {
	switch l {
	case Full:
		return "full"
	case Edit:
		return "write"
	}
	return "read"
}

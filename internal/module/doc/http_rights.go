package doc

import (
	"context"
	"encoding/json"

	"github.com/artel/artel/internal/api"
	"github.com/artel/artel/internal/entity"
	"github.com/artel/artel/internal/value"
)

func encodeRights(rs []Right) []any {
	out := make([]any, len(rs))
	for i, r := range rs {
		out[i] = r.Encode()
	}
	return out
}

func (a *HTTP) rightsOf(ctx context.Context, r *api.Request, n Node, effective bool) api.Response {
	list := a.Docs.OwnRights
	if effective {
		list = a.Docs.EffectiveRights
	}
	rs, err := list(ctx, r.Scope(), n)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(encodeRights(rs))
}

func (a *HTTP) folderRights(ctx context.Context, r *api.Request) api.Response {
	return a.rightsOf(ctx, r, Folder(r.IDs[0]), false)
}

func (a *HTTP) folderEffective(ctx context.Context, r *api.Request) api.Response {
	return a.rightsOf(ctx, r, Folder(r.IDs[0]), true)
}

func (a *HTTP) docRights(ctx context.Context, r *api.Request) api.Response {
	return a.rightsOf(ctx, r, Document(r.IDs[0]), false)
}

func (a *HTTP) docEffective(ctx context.Context, r *api.Request) api.Response {
	return a.rightsOf(ctx, r, Document(r.IDs[0]), true)
}

// rightBody is a DocRights as a client sends it.
type rightBody struct {
	Subject, User json.RawMessage
	Rights        string
}

func readRight(r *api.Request, needSubject bool) (Node, value.Link, Role, *api.Response) {
	var in rightBody
	fail := func(field string) (Node, value.Link, Role, *api.Response) {
		res := r.FieldFail(field, entity.CodeBadParam)
		return Node{}, value.Link{}, Nobody, &res
	}
	if err := json.Unmarshal(r.Body(), &in); err != nil {
		return fail("rights")
	}
	var n Node
	if needSubject {
		s, err := value.DecodeLink(in.Subject, []string{"DocFolder", "Doc"})
		if err != nil || s.ID == 0 {
			return fail("subject")
		}
		n = Node{s.Type, s.ID}
	}
	var who value.Link
	if needSubject || len(in.User) > 0 {
		var err error
		who, err = value.DecodeLink(in.User, Subjects)
		if err != nil || who.ID == 0 {
			res := r.FieldFail("user", CodeBadSubject)
			return Node{}, value.Link{}, Nobody, &res
		}
	}
	role, ok := ParseRole(in.Rights)
	if !ok {
		res := r.FieldFail("rights", CodeBadRole)
		return Node{}, value.Link{}, Nobody, &res
	}
	return n, who, role, nil
}

// grant gives a right: {subject, user, rights}.
func (a *HTTP) grant(ctx context.Context, r *api.Request) api.Response {
	n, who, role, res := readRight(r, true)
	if res != nil {
		return *res
	}
	right, err := a.Docs.Grant(ctx, r.Scope(), n, who, role)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(right.Encode())
}

func (a *HTTP) getRight(ctx context.Context, r *api.Request) api.Response {
	right, err := a.Docs.RightByID(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(right.Encode())
}

// changeRight changes the role of a right (its subject and user stay).
func (a *HTTP) changeRight(ctx context.Context, r *api.Request) api.Response {
	old, err := a.Docs.RightByID(ctx, r.Scope(), r.IDs[0])
	if err != nil {
		return r.Fail(err)
	}
	_, who, role, res := readRight(r, false)
	if res != nil {
		return *res
	}
	if who.ID != 0 && who != old.User {
		return r.FieldFail("user", entity.CodeReadOnly)
	}
	right, err := a.Docs.Grant(ctx, r.Scope(), old.Node, old.User, role)
	if err != nil {
		return r.Fail(err)
	}
	return api.OK(right.Encode())
}

func (a *HTTP) revoke(ctx context.Context, r *api.Request) api.Response {
	if err := a.Docs.Revoke(ctx, r.Scope(), r.IDs[0]); err != nil {
		return r.Fail(err)
	}
	return api.OK(map[string]any{})
}

package comment_test

import (
	"fmt"
	"testing"

	"github.com/artel/artel/internal/apitest"
)

func TestCommentsWriteAndRead(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		w := apitest.NewDiscussion(t, h)
		first := w.Post(t, "", map[string]any{"comment": map[string]any{"content": "Посмотри, пожалуйста"}})
		if first["owner"].(map[string]any)["contentType"] != "Employee" || first["isUnread"] != false {
			t.Fatalf("author's own comment: %v", first)
		}
		second := w.Post(t, "", map[string]any{"content": "И ещё таблица", "owner": map[string]any{"contentType": "Employee", "id": w.LevID}})
		if second["owner"].(map[string]any)["id"] == w.LevID {
			t.Fatal("a comment was written in another's name")
		}
		h.Run(t, []apitest.Scenario{
			{Name: "empty comment", Method: "POST", Path: w.ListPath, Status: 422, Req: apitest.Req{Body: map[string]any{"content": "<p> </p>"}},
				Contains: []string{`"field":"content"`, "Напишите сообщение или прикрепите файл"}},
			{Name: "markup and a no-break space only", Method: "POST", Path: w.ListPath, Status: 422, Req: apitest.Req{Body: map[string]any{"content": "<p>&nbsp;<br></p>"}},
				Contains: []string{`"field":"content"`}},
			{Name: "cannot comment what one cannot see", Method: "POST", Path: w.ListPath, Status: 404,
				Req: apitest.Req{Token: w.Mira, Body: map[string]any{"content": "эй"}}},
			{Name: "nor list it", Method: "GET", Path: w.ListPath, Status: 404, Req: apitest.Req{Token: w.Mira}},
			{Name: "Lev has two unread", Method: "GET", Path: w.TaskPath, Status: 200, Req: apitest.Req{Token: w.Lev},
				Contains: []string{`"unreadCommentsCount":2`, `"isUnread":true`, fmt.Sprintf(`"firstUnreadComment":{"contentType":"Comment","id":"%s"}`, first["id"]),
					fmt.Sprintf(`"lastComment":{"contentType":"Comment","id":"%s"}`, second["id"])}},
			{Name: "the author has none", Method: "GET", Path: w.TaskPath, Status: 200, Contains: []string{`"unreadCommentsCount":0`}},
			{Name: "Lev's feed marks them unread", Method: "GET", Path: w.ListPath, Status: 200, Req: apitest.Req{Token: w.Lev},
				Check: func(t *testing.T, r *apitest.Resp) {
					list := r.List()
					// Newest first: a feed opens on the latest and pages back.
					if len(list) != 2 || list[1]["id"] != first["id"] || list[1]["isUnread"] != true || list[0]["wasRead"] != false {
						t.Fatalf("feed: %s", r.Body)
					}
				}},
			{Name: "mark as read", Method: "POST", Path: w.ListPath + "/markAsRead", Status: 200, Req: apitest.Req{Token: w.Lev}},
			{Name: "then none unread", Method: "GET", Path: w.TaskPath, Status: 200, Req: apitest.Req{Token: w.Lev}, Contains: []string{`"unreadCommentsCount":0`, `"firstUnreadComment":null`}},
			{Name: "and the author sees them read", Method: "GET", Path: w.ListPath, Status: 200, Contains: []string{`"wasRead":true`}, NotContains: []string{`"wasRead":false`}},
			{Name: "lists ask for the figures by name", Method: "GET", Path: "/api/v3/task" + apitest.Q(`{"fields":["unreadCommentsCount"]}`), Status: 200,
				Req: apitest.Req{Token: w.Lev}, Contains: []string{`"unreadCommentsCount":0`}},
			// Counted without a rights condition (the task is seen, so are
			// its comments: entity.Through); the figure must not change.
			{Name: "a member's list counts every comment of the task", Method: "GET",
				Path: "/api/v3/task" + apitest.Q(`{"fields":["commentsCount"],"onlyRequestedFields":true}`), Status: 200,
				Req: apitest.Req{Token: w.Lev}, Contains: []string{`"commentsCount":2`}},
			// The comment rules answer both figures from one query.
			{Name: "the count and the unread count together", Method: "GET",
				Path: "/api/v3/task" + apitest.Q(`{"fields":["commentsCount","unreadCommentsCount"],"onlyRequestedFields":true}`), Status: 200,
				Req: apitest.Req{Token: w.Lev}, Contains: []string{`"commentsCount":2,"contentType":"Task"`, `"unreadCommentsCount":0`}},
			{Name: "the author's default list counts them too", Method: "GET", Path: "/api/v3/task", Status: 200,
				Contains: []string{`"commentsCount":2`}},
		})
	})
}

func TestCommentsLikesAnswersDeleteRestore(t *testing.T) {
	apitest.Each(t, func(t *testing.T, h *apitest.Harness) {
		w := apitest.NewDiscussion(t, h)
		c := w.Post(t, "", map[string]any{"content": "Готово к проверке", "workTime": map[string]any{"contentType": "DateInterval", "value": 5400}})
		path := "/api/v3/comment/" + c["id"].(string)
		project := h.Do("POST", "/api/v3/project", apitest.Req{Body: map[string]any{"name": "Отчётность"}}).Obj()["id"].(string)
		h.Run(t, []apitest.Scenario{
			{Name: "Lev likes it", Method: "POST", Path: path + "/like", Status: 200, Req: apitest.Req{Token: w.Lev}, Contains: []string{`"isLiked":true`, `"likesCount":1`}},
			{Name: "liking twice counts once", Method: "POST", Path: path + "/like", Status: 200, Req: apitest.Req{Token: w.Lev}, Contains: []string{`"likesCount":1`}},
			{Name: "the author has not liked it", Method: "GET", Path: path, Status: 200, Contains: []string{`"isLiked":false`, `"likesCount":1`}},
			{Name: "who liked", Method: "GET", Path: path + "/like", Status: 200, Contains: []string{`"id":"` + w.LevID + `"`}},
			{Name: "likes are not written in another's name", Method: "POST", Path: path, Status: 200,
				Req: apitest.Req{Body: map[string]any{"likes": []any{}}}, Contains: []string{`"likesCount":1`}},
			{Name: "unlike", Method: "DELETE", Path: path + "/like", Status: 200, Req: apitest.Req{Token: w.Lev}, Contains: []string{`"isLiked":false`, `"likesCount":0`}},
			{Name: "Mira cannot like what she cannot see", Method: "POST", Path: path + "/like", Status: 404, Req: apitest.Req{Token: w.Mira}},
			{Name: "Lev answers", Method: "POST", Path: w.ListPath, Status: 200, Req: apitest.Req{Token: w.Lev,
				Body: map[string]any{"content": "Принято", "originalComment": map[string]any{"contentType": "Comment", "id": c["id"]}}}},
			{Name: "the answer is counted", Method: "GET", Path: path, Status: 200, Contains: []string{`"answersCount":1`}},
			{Name: "and listed", Method: "GET", Path: path + "/answers", Status: 200, Contains: []string{`"content":"Принято"`}},
			{Name: "worked-off time reaches the task", Method: "GET", Path: w.TaskPath, Status: 200,
				Contains: []string{`"workedOffTimeTotal":{"contentType":"DateInterval","value":5400}`}},
			{Name: "only the author edits", Method: "GET", Path: path, Status: 200, Req: apitest.Req{Token: w.Lev},
				NotContains: []string{`"act_edit_comment"`, `"act_delete_comment"`}},
			{Name: "the author may", Method: "GET", Path: path, Status: 200, Contains: []string{`"act_edit_comment"`, `"act_delete_comment"`}},
			{Name: "Lev cannot delete it", Method: "DELETE", Path: path, Status: 403, Req: apitest.Req{Token: w.Lev}},
			{Name: "the author deletes it", Method: "DELETE", Path: path, Status: 200, Contains: []string{`"isDropped":true`, `"contentType":"Task"`}},
			{Name: "deleted work time leaves the total", Method: "GET", Path: w.TaskPath, Status: 200,
				Contains: []string{`"workedOffTimeTotal":{"contentType":"DateInterval","value":0}`}},
			{Name: "the feed hides it", Method: "GET", Path: w.ListPath, Status: 200, NotContains: []string{`"content":"Готово к проверке"`}},
			{Name: "unless asked", Method: "GET", Path: w.ListPath + apitest.Q(`{"withDropped":true}`), Status: 200, Contains: []string{`"content":"Готово к проверке"`, `"act_restore_comment"`}},
			{Name: "restore", Method: "POST", Path: path, Status: 200, Req: apitest.Req{Body: map[string]any{"isDropped": false}}, Contains: []string{`"isDropped":false`}},
			{Name: "the total is back", Method: "GET", Path: w.TaskPath, Status: 200,
				Contains: []string{`"workedOffTimeTotal":{"contentType":"DateInterval","value":5400}`}},
			{Name: "forwarded", Method: "POST", Path: path + "/forward", Status: 200,
				Req:      apitest.Req{Body: map[string]any{"subject": map[string]any{"contentType": "Project", "id": project}}},
				Contains: []string{`"content":"Готово к проверке"`, `"forwardFrom":{"contentType":"Comment","id":"` + c["id"].(string) + `"}`, `"subject":{"contentType":"Project","id":"` + project + `"}`}},
			{Name: "forward needs a subject", Method: "POST", Path: path + "/forward", Status: 422, Req: apitest.Req{Body: map[string]any{}}},
		})
	})
}
